// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CashflowChart } from '../../../src/features/builder/budget/cashflow-chart'

afterEach(cleanup)

describe('the cash-flow chart', () => {
  it('shows each month’s planned and paid amounts on their bars, and all of them in its name', () => {
    render(
      <CashflowChart
        cashflow={[
          { month: '2026-06', planned: 598_000, paid: 598_000 },
          { month: '2026-07', planned: 1_250_050, paid: 0 },
        ]}
      />,
    )
    const chart = screen.getByRole('img', { name: /money planned and paid/ })
    const barValues = (month: string) => {
      const row = screen.getByText(month, { exact: true }).parentElement
      return Array.from(row?.querySelectorAll('.budget-bar-line') ?? [], (bar) => bar.textContent)
    }
    expect(barValues('Jun 2026')).toEqual(['$5,980', '$5,980'])
    expect(barValues('Jul 2026')).toEqual(['$12,500.50', '$0'])
    expect(chart.getAttribute('aria-label')).toContain(
      'Jun 2026: $5,980 planned, $5,980 paid; Jul 2026: $12,500.50 planned, $0 paid',
    )
  })
})

import type { Passport } from '../../contract/passport'
import { fileId, warranty } from './documents'

const BLANK = { ph: null, freeChlorine: null, alkalinity: null, calcium: null, cya: null }
const NOT_BRUSHED = { brushed: false, note: '' }

/** A kidney pool's passport with one of everything the record holds, and a checklist. */
export function samplePassport(over: Partial<Passport> = {}): Passport {
  return {
    asBuilt: {
      shape: 'kidney',
      lengthFt: 32,
      widthFt: 16,
      areaSqFt: 420,
      surfaceSqFt: 1_010,
      gallons: 18_750,
      measuredGallons: 19_120,
    },
    equipment: [
      {
        id: fileId(1),
        kind: 'pump',
        make: 'Pentair',
        model: 'IntelliFlo VSF',
        serial: 'PF-20931',
        installedOn: '2026-08-02',
        warrantyId: warranty('excavation').id,
        createdAt: '2026-08-02T15:00:00.000Z',
      },
    ],
    startupLog: [
      {
        day: 1,
        date: '2026-08-10',
        ph: 7.8,
        freeChlorine: 2.5,
        alkalinity: 90,
        calcium: 250,
        cya: 40,
        brushed: true,
        note: 'Brushed, "first" day, =SUM(A1)',
      },
      ...Array.from({ length: 27 }, (_, i) => ({
        day: i + 2,
        date: null,
        ...BLANK,
        ...NOT_BRUSHED,
      })),
    ],
    inspections: [
      {
        slug: 'pre-gunite',
        title: 'Pre-gunite inspection',
        status: 'passed',
        date: '2026-07-01',
        history: [
          { status: 'failed', date: '2026-06-28', notes: 'Bonding wire missing' },
          {
            status: 'passed',
            date: '2026-07-01',
            notes: '',
            checklist: [{ itemId: 'bonding', text: 'Bonding grid tied to steel', checked: true }],
          },
        ],
      },
    ],
    trades: [
      {
        company: 'Blue Water Pools',
        licence: { number: '1045821', classification: 'C-53', checkedOn: '2026-05-01' },
        insurance: { expiresOn: '2027-05-01' },
      },
    ],
    steps: [
      {
        step: 'excavation',
        title: 'Excavation',
        contract: { vendor: 'Dig Right, Inc.', amount: 980_000 },
        changeOrders: [
          {
            id: fileId(2),
            description: 'Rock removal',
            amount: 45_050,
            status: 'approved',
            createdAt: '2026-06-20T10:00:00.000Z',
          },
        ],
        payments: [
          {
            id: fileId(3),
            paidOn: '2026-06-21',
            amount: 490_000,
            method: 'check',
            reference: 'Check 1042',
          },
        ],
        waivers: [{ drawId: fileId(4), kind: 'conditional', fileId: fileId(5) }],
      },
    ],
    warranties: [warranty('excavation', { provider: 'Dig Right, Inc.', expiresOn: '2028-06-01' })],
    costBasis: { total: 490_000, steps: [{ step: 'excavation', paid: 490_000 }] },
    ...over,
  }
}

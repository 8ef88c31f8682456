import type { Page } from 'playwright-core'

/**
 * Layout checks the every-route test runs on each screen. Each answers one readable line per
 * problem (empty when the screen passes), naming the element as a user would find it.
 */

/**
 * Whether the page is wider than the window (`scrollWidth > innerWidth`): then one line with both
 * widths and the outermost elements or text that stick out past the right edge.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= width) return []

    const describe = (el: Element) => {
      const classes = [...el.classList].slice(0, 2).map((c) => `.${c}`)
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ')
      const quoted = text ? ` "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : ''
      return `${el.tagName.toLowerCase()}${classes.join('')}${quoted}`
    }
    // An element inside a scrolling or clipping box cannot widen the page, unless it is
    // positioned out of it: an absolute box is clipped only from its containing block up.
    const clipped = (el: Element) => {
      let position = getComputedStyle(el).position
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up)
        if (position === 'fixed') return false
        if (position === 'absolute' && style.position === 'static') continue
        if (style.overflowX !== 'visible') return true
        position = style.position
      }
      return false
    }
    const sticksOut = (right: number) => right > width + 0.5
    const escapes = (el: Element | null) =>
      !!el && sticksOut(el.getBoundingClientRect().right) && !clipped(el)
    const offenders: string[] = []
    for (const el of document.body.querySelectorAll('*')) {
      if (escapes(el)) {
        if (!escapes(el.parentElement)) {
          offenders.push(
            `${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px`,
          )
        }
        continue
      }
      // Text that does not wrap overflows its box while the box itself fits.
      if (getComputedStyle(el).overflowX !== 'visible' || clipped(el)) continue
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const textRight = range.getBoundingClientRect().right
        if (sticksOut(textRight)) {
          offenders.push(`text of ${describe(el)} reaches ${Math.round(textRight)} px`)
        }
      }
    }
    const shown = offenders.slice(0, 6).join('; ')
    const more = offenders.length > 6 ? ` and ${offenders.length - 6} more` : ''
    return [`page is ${scrollWidth} px wide in a ${width} px window: ${shown}${more}`]
  })
}

/**
 * WCAG 2.2 SC 2.5.8 Target Size (Minimum): every visible target (button, a, input, select,
 * textarea, [role=button], summary) is at least 24×24 CSS px, or is spaced: a 24 px circle
 * centred on its bounding box intersects no other target and no other undersized target's
 * circle. Exempt, as the criterion says: links inline in a sentence (still targets the others
 * keep their distance from, by their box). A labelled input's label
 * takes the pointer too, so it counts as part of that input's target. While a modal dialog is
 * open, only its targets count: the page behind it is inert.
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24
    const RADIUS = MIN / 2
    const SELECTOR = 'button, a, input, select, textarea, [role=button], summary'
    type Box = { left: number; top: number; right: number; bottom: number }

    const scope = document.querySelector('dialog:modal') ?? document
    const visible = (el: Element) => {
      if (el.closest('[inert]')) return false
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0
    }
    const union = (boxes: Box[]): Box => ({
      left: Math.min(...boxes.map((b) => b.left)),
      top: Math.min(...boxes.map((b) => b.top)),
      right: Math.max(...boxes.map((b) => b.right)),
      bottom: Math.max(...boxes.map((b) => b.bottom)),
    })
    const boxOf = (el: Element): Box => {
      const own = el.getBoundingClientRect()
      const labels =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement
          ? [...(el.labels ?? [])].filter(visible)
          : []
      return union([own, ...labels.map((l) => l.getBoundingClientRect())])
    }
    // "In a sentence": an inline link whose block has other words around it.
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      let block = el.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const around = (block?.textContent ?? '').replace(el.textContent ?? '', '')
      return /\w/.test(around)
    }
    const nameOf = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
        el.textContent
      const text = (label ?? '').trim().replace(/\s+/g, ' ')
      return `${el.tagName.toLowerCase()} "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`
    }

    const targets = [...scope.querySelectorAll(SELECTOR)].filter(visible).map((el) => {
      const box = boxOf(el)
      const width = box.right - box.left
      const height = box.bottom - box.top
      return {
        el,
        box,
        width,
        height,
        x: box.left + width / 2,
        y: box.top + height / 2,
        undersized: (width < MIN - 0.01 || height < MIN - 0.01) && !inSentence(el),
      }
    })
    const distanceToBox = (x: number, y: number, b: Box) =>
      Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top - y, 0, y - b.bottom))
    // A target inside another (an icon button in a link…) is one place to press, not two.
    const nested = (a: Element, b: Element) => a.contains(b) || b.contains(a)

    const failures: string[] = []
    for (const small of targets.filter((t) => t.undersized)) {
      const clash = targets.find(
        (other) =>
          other !== small &&
          !nested(small.el, other.el) &&
          (distanceToBox(small.x, small.y, other.box) < RADIUS ||
            (other.undersized && Math.hypot(small.x - other.x, small.y - other.y) < MIN)),
      )
      if (!clash) continue
      const size = `${Math.round(small.width)}×${Math.round(small.height)} px`
      failures.push(`${nameOf(small.el)} is ${size} and too close to ${nameOf(clash.el)}`)
    }
    return failures
  })
}

import { describe, expect, it } from 'vitest'
import { defaultChecklist, photoSubject } from '../../contract/checklist-defaults'
import { routes } from '../../contract/routes'
import { routeDocs } from '../../contract/routes/docs'

describe("the API document's words", () => {
  it('sum up every call of the route table in one line, and describe none with empty text', () => {
    expect(Object.keys(routeDocs).sort()).toEqual(Object.keys(routes).sort())
    for (const [name, doc] of Object.entries(routeDocs)) {
      expect(doc.summary.trim(), name).not.toBe('')
      expect(doc.summary, name).not.toContain('\n')
      if (doc.description !== undefined) expect(doc.description.trim(), name).not.toBe('')
    }
  })
})

describe('the checklists a city starts with', () => {
  it("keeps a state's own items for that state's cities, in any case, and no other's", () => {
    const ids = (state: string) => defaultChecklist('barrier', state).items.map(({ id }) => id)
    expect(ids('ca')).toHaveLength(5)
    expect(ids('CA')).toEqual(ids('ca'))
    expect(ids('TX')).toEqual(ids('CA').slice(0, 4))
  })

  it('answers the fields a checklist item has, and whether someone must be home', () => {
    expect(defaultChecklist('layout', 'TX')).toEqual({
      someoneHome: false,
      items: [
        {
          id: '00000000-0000-4000-8000-000000000101',
          text: 'Setbacks staked per the plan',
          photo: false,
          code: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000102',
          text: 'Equipment location staked',
          photo: false,
          code: null,
        },
      ],
    })
    expect(defaultChecklist('final', 'TX').someoneHome).toBe(true)
    expect(defaultChecklist('pre-gunite', 'TX').items[1]).toEqual({
      id: '00000000-0000-4000-8000-000000000202',
      text: 'Bonding attached to the steel in four places',
      photo: true,
      code: 'NEC 680.26(B)(1)',
    })
  })

  it("names a default photo item's subject, and another item by its own text", () => {
    expect(photoSubject('Bonding attached to the steel in four places')).toBe('the bonding')
    expect(photoSubject('Skimmer lid')).toBe('skimmer lid')
  })
})

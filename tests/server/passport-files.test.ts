import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import {
  equipmentCsv,
  paymentsCsv,
  startupLogCsv,
  tradesCsv,
} from '../../server/lib/exports/passport-csv'
import { passportPdf } from '../../server/lib/exports/passport-pdf'
import { passportZip, type StoredEntry } from '../../server/lib/exports/passport-zip'
import { call, callRaw } from '../support/call'
import { samplePassport } from '../support/passport'
import { joined, pdfText } from '../support/pdf-text'
import { unzipped } from '../support/unzip'
import { austinPerTest, clientPerTest } from './client-kit'
import { filesDir, pdf, uploaded } from './files-kit'
import { setToday } from './timeline-kit'
import { saveDesign } from './trade-kit'

/**
 * The passport's downloads (PRODUCT.md §17, §19) read back with readers PoolPath did not write:
 * pdf.js for the PDF, papaparse for the CSVs, Info-ZIP's unzip for the ZIP.
 */
const OWNER = { name: 'Dana Whitfield', address: '1428 Elm St', city: 'Austin', state: 'TX' }

const parsed = (csv: string) => {
  expect(csv).toContain('\r\n')
  const result = Papa.parse<Record<string, string>>(csv, { header: true })
  expect(result.errors).toEqual([])
  return { fields: result.meta.fields, rows: result.data }
}

const entry = (folder: string, name: string, text: string | null): StoredEntry => ({
  folder,
  name,
  open: async () => (text === null ? null : Readable.from([Buffer.from(text)])),
})

describe('the passport PDF', () => {
  it('names the owner and the address on its first page, and the gallons', async () => {
    const pdf = await passportPdf(samplePassport(), OWNER)
    const text = joined(await pdfText(pdf))
    const firstPage = text.slice(0, text.indexOf('Equipment'))
    expect(firstPage).toContain('Owner: Dana Whitfield')
    expect(firstPage).toContain('1428 Elm St, Austin, TX')
    expect(text).toContain('18,750 gallons')
    expect(text).toContain('19,120 gallons')
    expect(text).toContain('32 ft × 16 ft')
  })

  it('prints the record: inspections with their checklists, trades, money, warranties, cost basis', async () => {
    const text = joined(await pdfText(await passportPdf(samplePassport(), OWNER)))
    for (const expected of [
      'Pentair',
      'PF-20931',
      'Pre-gunite inspection: Passed, 2026-07-01',
      '2026-06-28 Failed — Bonding wire missing',
      '[x] Bonding grid tied to steel',
      'Licence 1045821 (C-53)',
      'insurance expires on 2027-05-01',
      'Contract: Dig Right, Inc., $9,800',
      'Rock removal, $450.50',
      'Paid $4,900 on 2026-06-21 by check, reference Check 1042',
      'Draw 1 lien waivers: conditional',
      'expires on 2028-06-01',
      'Total paid $4,900',
    ])
      expect(text).toContain(expected)
  })

  it('flows onto more pages when the record is long, and draws every shape', async () => {
    const long = samplePassport()
    const [inspection] = long.inspections
    if (!inspection) throw new Error('the sample has an inspection')
    long.inspections = Array.from({ length: 60 }, (_, n) => ({
      ...inspection,
      title: `Inspection ${n + 1}`,
    }))
    for (const shape of ['rectangle', 'oval', 'kidney', 'freeform'] as const) {
      long.asBuilt.shape = shape
      const runs = await pdfText(await passportPdf(long, OWNER))
      expect(joined(runs)).toContain('Inspection 60:')
    }
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await getDocument({ data: await passportPdf(long, OWNER) }).promise
    expect(doc.numPages).toBeGreaterThan(2)
    await doc.destroy()
  })

  it('cuts a table cell short where it would run into the next column', async () => {
    const long = samplePassport()
    const [day] = long.startupLog
    if (day) day.note = `Cloudy ${'and windy '.repeat(20)}END`
    const text = joined(await pdfText(await passportPdf(long, OWNER)))
    expect(text).toContain('Cloudy and windy')
    expect(text).toContain('…')
    expect(text).not.toContain('END')
  })

  it('says so when no design is saved yet', async () => {
    const bare = samplePassport()
    bare.asBuilt = { ...bare.asBuilt, shape: null, lengthFt: null, widthFt: null, gallons: null }
    const text = joined(await pdfText(await passportPdf(bare, OWNER)))
    expect(text).toContain('No pool design saved yet.')
    expect(text).toContain('Dana Whitfield')
  })
})

describe('the passport CSVs', () => {
  it('equipment: its columns and the warranty provider by name', () => {
    const { fields, rows } = parsed(equipmentCsv(samplePassport()))
    expect(fields).toEqual(['Kind', 'Make', 'Model', 'Serial', 'Installed on', 'Warranty'])
    expect(rows).toEqual([
      {
        Kind: 'Pump',
        Make: 'Pentair',
        Model: 'IntelliFlo VSF',
        Serial: 'PF-20931',
        'Installed on': '2026-08-02',
        Warranty: 'Dig Right, Inc.',
      },
    ])
  })

  it('start-up log: 28 days, quotes and formulas kept as text', () => {
    const { fields, rows } = parsed(startupLogCsv(samplePassport()))
    expect(fields).toEqual([
      'Day',
      'Date',
      'pH',
      'Free chlorine',
      'Alkalinity',
      'Calcium',
      'CYA',
      'Brushed',
      'Note',
    ])
    expect(rows).toHaveLength(28)
    expect(rows[0]).toMatchObject({ Day: '1', Date: '2026-08-10', pH: '7.8', Brushed: 'yes' })
    expect(rows[0]?.Note).toBe('Brushed, "first" day, =SUM(A1)')
    expect(rows[27]).toMatchObject({ Day: '28', Date: '', pH: '', Brushed: 'no' })
  })

  it('payments in dollars with their references; trades with licence and insurance', () => {
    expect(parsed(paymentsCsv(samplePassport())).rows).toEqual([
      {
        Step: 'Excavation',
        Vendor: 'Dig Right, Inc.',
        'Paid on': '2026-06-21',
        Amount: '4900.00',
        Method: 'check',
        Reference: 'Check 1042',
      },
    ])
    expect(parsed(tradesCsv(samplePassport())).rows).toEqual([
      {
        Company: 'Blue Water Pools',
        'Licence number': '1045821',
        'Licence class': 'C-53',
        'Licence checked on': '2026-05-01',
        'Insurance expires on': '2027-05-01',
      },
    ])
  })
})

describe('the passport ZIP stream', () => {
  it('writes the made files, then each stored file in its folder under a name unique there', async () => {
    const missing: string[] = []
    const zip = passportZip(
      [
        { name: 'passport.pdf', body: new Uint8Array([37, 80, 68, 70]) },
        { name: 'trades.csv', body: 'a,b\r\n' },
      ],
      [
        entry('permits', 'permit.pdf', 'first'),
        entry('permits', 'Permit.pdf', 'second'),
        entry('permits', 'permit.pdf', 'third'),
        entry('warranties', 'permit.pdf', 'elsewhere'),
        entry('manuals', 'gone.pdf', null),
        entry('plans', '../../etc/passwd', 'sneaky'),
      ],
      (gone) => missing.push(gone.name),
    )
    const { names, entries } = await unzipped(await buffer(zip))
    expect(names).toEqual([
      'passport.pdf',
      'trades.csv',
      'permits/permit.pdf',
      'permits/Permit (2).pdf',
      'permits/permit (3).pdf',
      'warranties/permit.pdf',
      'plans/.._.._etc_passwd',
    ])
    expect(entries.get('permits/permit (3).pdf')?.toString()).toBe('third')
    expect(entries.get('trades.csv')?.toString()).toBe('a,b\r\n')
    expect(missing).toEqual(['gone.pdf'])
  })

  it('opens a stored file only once the one before it is written', async () => {
    let open = 0
    let most = 0
    const counted = (n: number): StoredEntry => ({
      folder: 'plans',
      name: `plan-${n}.pdf`,
      open: async () => {
        open++
        most = Math.max(most, open)
        const body = Readable.from([Buffer.alloc(64 * 1024, n)])
        body.on('end', () => open--)
        return body
      },
    })
    const zip = passportZip(
      [],
      Array.from({ length: 20 }, (_, n) => counted(n)),
      () => undefined,
    )
    const { names } = await unzipped(await buffer(zip))
    expect(names).toHaveLength(20)
    expect(most).toBe(1)
  })

  it('stops reading and closes what it opened when the download is given up', async () => {
    const opened: Readable[] = []
    const big = (n: number): StoredEntry => ({
      folder: 'plans',
      name: `plan-${n}.pdf`,
      open: async () => {
        const body = Readable.from(
          (function* () {
            for (let i = 0; i < 64; i++) yield Buffer.alloc(64 * 1024, n)
          })(),
        )
        opened.push(body)
        return body
      },
    })
    const zip = passportZip(
      [],
      Array.from({ length: 10 }, (_, n) => big(n)),
      () => undefined,
    )
    await new Promise<void>((resolve) => zip.once('data', () => resolve()))
    zip.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(opened.length).toBeLessThan(3)
    expect(opened.every((body) => body.destroyed)).toBe(true)
  })

  it('ends the stream with an error when a stored file cannot be read', async () => {
    const failing: StoredEntry = {
      folder: 'plans',
      name: 'broken.pdf',
      open: async () =>
        new Readable({
          read() {
            this.destroy(new Error('the bucket went away'))
          },
        }),
    }
    const zip = passportZip([{ name: 'trades.csv', body: 'a\r\n' }], [failing], () => undefined)
    await expect(buffer(zip)).rejects.toThrow('the bucket went away')
  })
})

describe('GET /api/passport.pdf and /api/passport.zip', () => {
  const { t, client } = austinPerTest()
  const other = clientPerTest(t, 'other@example.com')
  type Headers = Record<string, string>

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers })

  const upload = (headers: Headers, kind: string, name: string) =>
    uploaded(t, headers, { name, bytes: pdf(), type: 'application/pdf' }, { kind })

  it('the PDF names the owner, the address and the gallons, as a download', async () => {
    setToday(t, '2030-03-10')
    await saveDesign(t, client.headers)
    await call(t, 'setPassport', { body: { measuredGallons: 15_250 } }, client.headers)
    const owner = await t.app.passport.owner(client.id)
    const { asBuilt } = await call(t, 'passport', {}, client.headers)
    const res = await get('/api/passport.pdf', client.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?passport\.pdf"?$/)
    const text = joined(await pdfText(res.rawPayload))
    expect(text).toContain(`Owner: ${owner.name}`)
    expect(text).toContain(`${owner.address}, ${owner.city}, ${owner.state}`)
    expect(text).toContain(`${(asBuilt.gallons ?? 0).toLocaleString('en-US')} gallons`)
    expect(text).toContain('15,250 gallons')
  })

  it('the ZIP holds the PDF, the four CSVs and every file of the six kinds in its folder', async () => {
    setToday(t, '2030-03-10')
    await call(
      t,
      'addEquipment',
      { body: { kind: 'pump', make: 'Pentair', model: 'IntelliFlo', serial: 'PF-1' } },
      client.headers,
    )
    for (const [kind, name] of [
      ['lien-waiver', 'waiver.pdf'],
      ['warranty', 'warranty.pdf'],
      ['permit', 'permit.pdf'],
      ['permit', 'permit.pdf'],
      ['inspection', 'final.pdf'],
      ['manual', 'pump manual.pdf'],
      ['plan', 'plan.pdf'],
      ['invoice', 'invoice.pdf'],
      ['contract', 'contract.pdf'],
    ] as const)
      await upload(client.headers, kind, name)
    await upload(other.headers, 'permit', 'someone-elses-permit.pdf')

    const res = await get('/api/passport.zip', client.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?passport\.zip"?$/)
    const { names, entries } = await unzipped(res.rawPayload)
    expect([...names].sort()).toEqual(
      [
        'passport.pdf',
        'equipment.csv',
        'startup-log.csv',
        'payments.csv',
        'trades.csv',
        'lien-waivers/waiver.pdf',
        'warranties/warranty.pdf',
        'permits/permit.pdf',
        'permits/permit (2).pdf',
        'inspections/final.pdf',
        'manuals/pump manual.pdf',
        'plans/plan.pdf',
      ].sort(),
    )
    expect(entries.get('plans/plan.pdf')?.subarray(0, 5).toString()).toBe('%PDF-')
    const equipment = Papa.parse<Record<string, string>>(
      entries.get('equipment.csv')?.toString() ?? '',
      { header: true },
    )
    expect(equipment.errors).toEqual([])
    expect(equipment.data).toMatchObject([{ Kind: 'Pump', Make: 'Pentair', Serial: 'PF-1' }])
    const log = Papa.parse(entries.get('startup-log.csv')?.toString() ?? '', { header: true })
    expect(log.data).toHaveLength(28)
    expect(joined(await pdfText(entries.get('passport.pdf') ?? new Uint8Array()))).toContain(
      'Pool passport',
    )

    const theirs = await unzipped((await get('/api/passport.zip', other.headers)).rawPayload)
    expect(theirs.names).toContain('permits/someone-elses-permit.pdf')
    expect(theirs.names.filter((name) => name.includes('/'))).toHaveLength(1)
  })

  it('leaves out a file whose bytes are gone, and a broken read only cuts that download short', async () => {
    await upload(client.headers, 'manual', 'kept.pdf')
    const gone = await upload(client.headers, 'manual', 'gone.pdf')
    const bytesOfGone = path.join(filesDir(t), gone.id.slice(0, 2), `${gone.id}.original`)
    await fs.rm(bytesOfGone)
    const res = await get('/api/passport.zip', client.headers)
    expect(res.statusCode).toBe(200)
    const { names } = await unzipped(res.rawPayload)
    expect(names).toContain('manuals/kept.pdf')
    expect(names).not.toContain('manuals/gone.pdf')

    // A directory where the bytes should be: opening works, reading fails mid-stream.
    await fs.mkdir(bytesOfGone)
    await expect(get('/api/passport.zip', client.headers)).rejects.toThrow(
      'response destroyed before completion',
    )
    const again = await get(`/api/passport.pdf`, client.headers)
    expect(again.statusCode).toBe(200)
  })

  it('needs a signed-in client', async () => {
    expect((await callRaw(t, 'passportZip', {}, {})).statusCode).toBe(401)
    expect((await callRaw(t, 'passportPdf', {}, {})).statusCode).toBe(401)
  })
})

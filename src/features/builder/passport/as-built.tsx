import { useId } from 'react'
import { PassportBody, type Passport } from '../../../../contract/passport'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { CallButton } from '../call-button'
import { useCallFor } from '../use-client'
import { useFormCall } from '../use-form-call'

const count = new Intl.NumberFormat('en-US')

/** "1,250 ft²", or "Not designed yet" before a design is saved. */
const squareFeet = (value: number | null) =>
  value === null ? 'Not designed yet' : `${count.format(value)} ft²`

const shapeWords = (shape: string) => shape.charAt(0).toUpperCase() + shape.slice(1)

/** Gallons as typed ("18,500" reads too), or NaN for the contract to refuse. */
const gallonsOf = (text: string) => {
  const plain = text.trim().replace(/,/g, '')
  return plain === '' ? null : /^\d+$/.test(plain) ? Number(plain) : Number.NaN
}

/** The pool as built: the design's figures, and the gallons the owner measured at the fill. */
export function AsBuilt({ asBuilt }: { asBuilt: Passport['asBuilt'] }) {
  const id = useId()
  const calls = useCallFor('setPassport')
  const form = useContractForm(
    PassportBody,
    useFormCall((c) => c.name === 'setPassport'),
    {
      initial: {
        measuredGallons:
          asBuilt.measuredGallons === null ? '' : count.format(asBuilt.measuredGallons),
      },
      toBody: (values) => ({ measuredGallons: gallonsOf(values.measuredGallons) }),
      toCall: (body) => ({ name: 'setPassport' as const, body }),
    },
  )
  const { shape, lengthFt, widthFt, gallons } = asBuilt
  return (
    <section className="passport-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>As built</h2>
      <dl className="passport-facts passport-as-built">
        <div>
          <dt>Shape</dt>
          <dd>{shape ? shapeWords(shape) : 'Not designed yet'}</dd>
        </div>
        <div>
          <dt>Dimensions</dt>
          <dd>
            {lengthFt !== null && widthFt !== null
              ? `${lengthFt} × ${widthFt} ft`
              : 'Not designed yet'}
          </dd>
        </div>
        <div>
          <dt>Area</dt>
          <dd>{squareFeet(asBuilt.areaSqFt)}</dd>
        </div>
        <div>
          <dt>Surface</dt>
          <dd>{squareFeet(asBuilt.surfaceSqFt)}</dd>
        </div>
        <div>
          <dt>Design volume</dt>
          <dd>{gallons === null ? 'Not designed yet' : `${count.format(gallons)} gallons`}</dd>
        </div>
      </dl>
      <form className="passport-gallons" onSubmit={form.submit} noValidate>
        <TextField
          {...form.field('measuredGallons')}
          label="Measured gallons"
          hint="Optional: the meter reading when the pool was filled"
          inputMode="numeric"
          error={form.error('measuredGallons') ?? form.failure?.message}
        />
        <CallButton type="submit" variant="secondary" calls={calls} busyLabel="Saving…">
          Save gallons
        </CallButton>
      </form>
    </section>
  )
}

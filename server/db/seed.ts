import { DEFAULT_SCHEDULE } from '../../contract/construction'
import { DEFAULT_PRICING } from '../../contract/estimator'
import { STEPS, type StageSlug } from '../../contract/steps'
import type { Db } from './driver/client'
import { dataVersion, designTips, scheduleSettings, scopeItems, stages, users } from './schema'

const DESIGN_TIPS: Record<StageSlug, string> = {
  excavation:
    'Call 811 before anyone digs so buried lines are marked, and agree in writing where the spoil goes: hauling it away is often priced separately.',
  steel:
    'Ask for the rebar schedule from your engineered plans and have the inspector sign off on the steel before any shotcrete is booked.',
  plumbing:
    'Larger pipe and fewer elbows mean quieter, cheaper pumping. Pressure-test every line and keep it under pressure until the shell is shot.',
  electrical:
    'Equipotential bonding of the steel, the water and every metal part within 5 ft is a code requirement: make sure it is inspected before it is covered.',
  shotcrete:
    'Keep the shell wet for at least 7 days after it is shot; a shell that cures slowly and wet is a stronger, watertight shell.',
  tile: 'Waterline tile hides the scum line; choose a frost-proof tile rated for submersion, and coping that stays cool under bare feet.',
  decking:
    'Slope the deck at least 1/4 inch per foot away from the pool, and plan drains before the concrete is poured.',
  extras:
    'Run conduit for lights, heaters and automation now, even if you add them later: retrofitting under a finished deck costs far more.',
  interior:
    'Darker finishes warm the water and look deeper; pebble lasts the longest, plaster is the cheapest to redo.',
  'pool-startup':
    'Brush the new finish twice a day for the first two weeks and balance the water slowly, so the plaster cures evenly.',
}

/** The scope items of PRODUCT.md §14's examples (migration 0015 inserts them too). */
const DEFAULT_SCOPE: Partial<Record<StageSlug, [string, number][]>> = {
  excavation: [
    ['Haul-off of the soil', 15],
    ['Layout and grade stakes', 5],
    ['Over-dig for forms', 5],
    ['Site cleanup', 5],
  ],
  steel: [
    ['Rebar per the engineering plan', 70],
    ['Bonding attachments to the steel', 10],
    ['Chairs and spacers', 5],
  ],
  plumbing: [
    ['Main drains with VGB-compliant covers', 15],
    ['Pressure test held at 35 psi', 5],
    ['Equipment pad plumbing', 20],
  ],
}

/**
 * Idempotent: the 10 stages with their default price list, tip and scope items (only with the
 * stages, so a list an admin emptied stays empty), every step's default duration and wait, the first admin and the data version's row.
 */
export async function seed(db: Db, adminEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    const stageSteps = STEPS.flatMap((step, index) =>
      step.kind === 'stage' ? [{ ...step, position: index + 1 }] : [],
    )
    const inserted = await tx
      .insert(stages)
      .values(
        stageSteps.map((s) => ({
          slug: s.route,
          title: s.title,
          position: s.position,
          pricing: DEFAULT_PRICING[s.route],
        })),
      )
      .onConflictDoNothing({ target: stages.slug })
      .returning({ id: stages.id, slug: stages.slug })
    if (inserted.length > 0) {
      await tx
        .insert(designTips)
        .values(inserted.map((s) => ({ stageId: s.id, text: DESIGN_TIPS[s.slug as StageSlug] })))
        .onConflictDoNothing({ target: designTips.stageId })
      const scope = inserted.flatMap(({ slug }) =>
        (DEFAULT_SCOPE[slug as StageSlug] ?? []).map(([text, share], position) => ({
          step: slug,
          text,
          share,
          position,
        })),
      )
      await tx.insert(scopeItems).values(scope).onConflictDoNothing()
    }
    await tx
      .insert(scheduleSettings)
      .values(Object.entries(DEFAULT_SCHEDULE).map(([step, timing]) => ({ step, ...timing })))
      .onConflictDoNothing({ target: scheduleSettings.step })
    await tx
      .insert(users)
      .values({ email: adminEmail, name: 'Administrator', role: 'ADMIN' })
      .onConflictDoNothing({ target: users.email })
    // The migration makes it; a database emptied since (the tests truncate) gets it back.
    await tx.insert(dataVersion).values({}).onConflictDoNothing()
  })
}

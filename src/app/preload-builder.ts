import { loadBuilder } from '../adapters/api/areas'
import { builderArea } from '../routes/builder-area-chunk'

/**
 * Starts downloading the builder before it is needed: its route chunk (the module the router's
 * lazy builder routes import) and its calls' table. Called while the code is typed on /verify
 * and when a remembered client session starts, so the Overview does not wait for them after
 * sign-in. A failed download is not kept: the router imports the chunk again on the way in.
 */
export function preloadBuilder(): void {
  void Promise.all([builderArea(), loadBuilder()]).catch(() => undefined)
}

/**
 * The builder as `preloadBuilder` fetches it, and Pool Design's page, where a new client lands:
 * while the code is typed there is time for both.
 */
export function preloadBuilderAndDesign(): void {
  preloadBuilder()
  void builderArea()
    .then((area) => area.loadPage('pool-design'))
    .catch(() => undefined)
}

import { measureBundles, bundleRatio } from './bench/bundle'
const r = await measureBundles('/tmp/bundle-measure', () => {})
console.log(r.app.landing.gzip, r.baseline.landing.gzip, bundleRatio(r))

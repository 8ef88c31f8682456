/** What S3_URL says: where the store is, which bucket and folder, and the keys to sign with. */
export type S3Location = {
  endpoint: string
  region: string
  bucket: string
  /** A folder inside the bucket ('' or ending in '/'). */
  prefix: string
  accessKeyId: string
  secretAccessKey: string
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const REGION = /^[a-z0-9-]{1,40}$/

/**
 * `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/folder…][?region=…]`, path-style (what
 * MinIO, s3rver, Cloudflare R2 and AWS all accept). The key and secret are percent-encoded
 * where they hold `/`, `+`, `@` or `:`. The region defaults to us-east-1.
 * Throws an Error saying what is wrong.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error('must be a URL like http://KEY:SECRET@host:9000/bucket')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('must start with http:// or https://')
  if (!url.username || !url.password)
    throw new Error('must hold the access key and secret: http://KEY:SECRET@host/bucket')
  const [bucket = '', ...folders] = url.pathname.split('/').filter((part) => part !== '')
  if (!BUCKET.test(bucket)) throw new Error('must name a bucket: http://KEY:SECRET@host/bucket')
  const region = url.searchParams.get('region') ?? 'us-east-1'
  if (!REGION.test(region)) throw new Error('has an invalid region')
  const unknown = [...url.searchParams.keys()].filter((key) => key !== 'region')
  if (unknown.length > 0) throw new Error(`has an unknown parameter ${unknown[0]}`)
  return {
    endpoint: url.origin,
    region,
    bucket,
    prefix: folders.map((f) => `${decodeURIComponent(f)}/`).join(''),
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  }
}

import fs from 'node:fs'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { FILE_VARIANTS } from '../../../contract/documents'
import type { S3Location } from './s3-url'
import { nameOf, objectName, type FileStore, type StoredObject } from './types'

/** Deletes in flight at once: S3 has no cheap batch delete that every S3-compatible store takes. */
const DELETES_AT_ONCE = 8

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += DELETES_AT_ONCE)
    await Promise.all(items.slice(i, i + DELETES_AT_ONCE).map(run))
}

/**
 * Files in an S3-compatible bucket, as `<prefix><id>.<variant>` objects. A PutObject is atomic:
 * an object is whole or absent. Checksums are sent only where S3 requires them, so stores that
 * do not know the newer checksum headers (MinIO's older releases, s3rver) work too.
 */
export async function s3Store(location: S3Location): Promise<FileStore> {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = location.bucket
  const keyOf = (name: string) => `${location.prefix}${name}`
  try {
    await client.send(new HeadBucketCommand({ Bucket }))
  } catch (error) {
    client.destroy()
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    throw new Error(
      `S3_URL: the bucket ${Bucket} at ${location.endpoint} cannot be used (${status ?? (error as Error).message})`,
      { cause: error },
    )
  }

  const removeKey = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }))

  return {
    kind: 's3',

    async put(fileId, variant, bytes) {
      const Key = keyOf(objectName(fileId, variant))
      const Body = Buffer.isBuffer(bytes) ? bytes : fs.createReadStream(bytes.path)
      const ContentLength = Buffer.isBuffer(bytes) ? bytes.length : bytes.size
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength }))
    },

    async get(fileId, variant) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: keyOf(objectName(fileId, variant)) }),
        )
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered no body')
        return { body: answer.Body, size: answer.ContentLength ?? 0 }
      } catch (error) {
        if (error instanceof NoSuchKey) return null
        throw error
      }
    },

    async remove(fileIds) {
      const keys = fileIds.flatMap((id) => FILE_VARIANTS.map((v) => keyOf(objectName(id, v))))
      await inBatches(keys, removeKey)
    },

    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: location.prefix, ContinuationToken }),
        )
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(location.prefix.length)
          const ours = nameOf(name)
          if (ours) yield { name, ...ours, modifiedAt: object.LastModified ?? new Date(0) }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },

    async removeObjects(names) {
      await inBatches(
        names.filter((name) => nameOf(name) !== null),
        (name) => removeKey(keyOf(name)),
      )
    },

    close: () => client.destroy(),
  }
}

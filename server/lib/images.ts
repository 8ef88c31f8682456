import sharp, { type Sharp } from 'sharp'
import {
  DocumentsProblemCode,
  VARIANT_WIDTHS,
  type FileContentType,
  type FileVariant,
} from '../../contract/documents'
import { HttpProblem } from './problem'

/** Larger images are refused: decoding one takes memory in proportion to its pixels. */
export const MAX_IMAGE_PIXELS = 100_000_000

// libvips' cache keeps decoded images around between calls; every upload is a new image.
sharp.cache(false)

export type ImageType = Exclude<FileContentType, 'application/pdf'>
export type ImageVariants = {
  width: number
  height: number
  bytes: Record<FileVariant, Buffer>
}

function encoded(image: Sharp, type: ImageType) {
  // libjpeg, not mozjpeg: mozjpeg's smaller files cost about 20 times the CPU per upload.
  if (type === 'image/jpeg') return image.jpeg({ quality: 85 })
  if (type === 'image/png') return image.png()
  return image.webp({ quality: 85 })
}

/**
 * An uploaded image made safe to serve and cheap to show: turned upright from its EXIF
 * orientation, re-encoded in its own format with no metadata at all (EXIF, GPS, XMP, ICC are
 * dropped: sharp writes none unless asked), and made into a 1600 px view and a 320 px thumb
 * (longest side, never enlarged). Answers 415 for bytes that claim to be an image and are not.
 */
export async function imageVariants(path: string, type: ImageType): Promise<ImageVariants> {
  const input = () =>
    sharp(path, { autoOrient: true, failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
  const sized = (side: number) =>
    encoded(input().resize(side, side, { fit: 'inside', withoutEnlargement: true }), type)
  try {
    const [original, view, thumb] = await Promise.all([
      encoded(input(), type).toBuffer({ resolveWithObject: true }),
      sized(VARIANT_WIDTHS.view).toBuffer(),
      sized(VARIANT_WIDTHS.thumb).toBuffer(),
    ])
    return {
      width: original.info.width,
      height: original.info.height,
      bytes: { original: original.data, view, thumb },
    }
  } catch (error) {
    const tooBig = error instanceof Error && /pixel limit/i.test(error.message)
    throw tooBig
      ? new HttpProblem(
          413,
          DocumentsProblemCode.fileTooLarge,
          'This image has more than 100 megapixels: make it smaller and upload it again.',
          { errors: { file: ['At most 100 megapixels'] } },
        )
      : new HttpProblem(
          415,
          DocumentsProblemCode.unsupportedFile,
          'This image could not be read: it may be damaged.',
          { errors: { file: ['The image could not be read'] } },
        )
  }
}

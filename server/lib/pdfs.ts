import fsp from 'node:fs/promises'
import { EncryptedPDFError, PDFDocument, PDFName, PDFRef } from 'pdf-lib'
import { DocumentsProblemCode } from '../../contract/documents'
import { HttpProblem } from './problem'

/**
 * An uploaded PDF without what it says of who made it: its document information (author,
 * creator, producer, dates) and its XMP metadata are dropped, as a photo's EXIF is — owners
 * upload scans that carry their names and their devices. The pages are left as they are. An
 * encrypted PDF is kept as uploaded: rewriting it would need its password. Answers 415 for
 * bytes that claim to be a PDF and cannot be read as one.
 */
export async function pdfWithoutMetadata(path: string): Promise<Buffer> {
  const bytes = await fsp.readFile(path)
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    // Unlinked is not enough: the writer keeps every object the file held.
    const { context, catalog } = pdf
    const metadata = PDFName.of('Metadata')
    for (const held of [context.trailerInfo.Info, catalog.get(metadata)])
      if (held instanceof PDFRef) context.delete(held)
    context.trailerInfo.Info = undefined
    catalog.delete(metadata)
    return Buffer.from(await pdf.save({ updateFieldAppearances: false }))
  } catch (error) {
    if (error instanceof EncryptedPDFError) return bytes
    throw new HttpProblem(
      415,
      DocumentsProblemCode.unsupportedFile,
      'This PDF could not be read: it may be damaged. Save it as a PDF again and upload that.',
      { errors: { file: ['The PDF could not be read'] } },
    )
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { UploadErrors } from './uploads.errors';

/** The request whose body is the upload, and the response its answer goes out on (Node's own objects). */
export interface Upload {
  request: IncomingMessage;
  response: ServerResponse;
}

export interface SingleFileOptions<T> {
  /** The only multipart field that may carry a file. */
  field: string;
  /** The upload is refused as soon as the file passes this many bytes. */
  maxBytes: number;
  /** How many leading bytes `inspectHead` needs (fewer when the whole file is shorter). */
  headBytes: number;
  /** Judges the file from its first bytes as soon as they arrive; throw to refuse it before the rest is read. */
  inspectHead: (head: Buffer) => T;
}

export interface ReceivedFile<T> {
  bytes: Buffer;
  /** What `inspectHead` answered. */
  head: T;
}

interface FileInProgress<T> {
  chunks: Buffer[];
  size: number;
  head?: { value: T };
}

/** Small text fields next to the file are tolerated and ignored; a flood of parts is not. */
const PART_LIMITS = { fields: 10, fieldSize: 1024, parts: 20 };

/**
 * Reads exactly one file from a multipart/form-data request while it streams. The file is held in memory (at most
 * `maxBytes`, so an image can then be decoded whole), and the request is refused the moment it goes wrong: past the
 * limit, a bad first few bytes, a second file or a file in another field. A refused request is not read any further;
 * its connection is closed after the answer, so a 20 MB body costs about `maxBytes` plus socket buffers, not 20 MB.
 */
export function readSingleFile<T>({ request, response }: Upload, options: SingleFileOptions<T>): Promise<ReceivedFile<T>> {
  return new Promise((resolve, reject) => {
    const parser = createParser(request, options.maxBytes);
    if (!parser) {
      reject(UploadErrors.notMultipart(options.field));
      return;
    }
    let settled = false;
    let file: FileInProgress<T> | undefined;

    const refuse = (error: unknown): void => {
      if (settled) return;
      settled = true;
      if (file) file.chunks = [];
      request.unpipe(parser);
      request.pause();
      // The rest of the body is never read, so this connection cannot carry another request: with this header Node
      // closes it once the answer is out, and the client's send fails instead of the server draining the rest.
      if (!response.headersSent) response.setHeader('Connection', 'close');
      reject(error);
    };

    const inspect = (current: FileInProgress<T>): void => {
      try {
        current.head = { value: options.inspectHead(Buffer.concat(current.chunks).subarray(0, options.headBytes)) };
      } catch (error) {
        refuse(error);
      }
    };

    parser.on('file', (name, stream) => {
      if (settled) {
        stream.resume();
        return;
      }
      if (name !== options.field) {
        stream.resume();
        refuse(UploadErrors.wrongField(options.field));
        return;
      }
      if (file) {
        stream.resume();
        refuse(UploadErrors.oneFileOnly());
        return;
      }
      const current: FileInProgress<T> = { chunks: [], size: 0 };
      file = current;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        current.chunks.push(chunk);
        current.size += chunk.length;
        if (!current.head && current.size >= options.headBytes) inspect(current);
      });
      // busboy stops passing bytes on past maxBytes and says so here; the rest of the request is not worth reading.
      stream.on('limit', () => refuse(UploadErrors.tooLarge(options.maxBytes)));
      stream.on('end', () => {
        if (!settled && !current.head) inspect(current);
      });
      stream.on('error', () => refuse(UploadErrors.interrupted()));
    });
    // Past PART_LIMITS the client is sending something other than a photo form; say so rather than "interrupted".
    parser.on('partsLimit', () => refuse(UploadErrors.tooManyParts(options.field, PART_LIMITS.fields)));
    parser.on('fieldsLimit', () => refuse(UploadErrors.tooManyParts(options.field, PART_LIMITS.fields)));
    parser.on('error', () => refuse(UploadErrors.interrupted()));
    // busboy closes only after every file stream has ended, so a file seen by now has been read whole.
    parser.on('close', () => {
      if (settled) return;
      if (!file?.head) {
        refuse(UploadErrors.notAnImage());
        return;
      }
      settled = true;
      resolve({ bytes: Buffer.concat(file.chunks, file.size), head: file.head.value });
    });
    request.on('close', () => {
      if (!request.complete) refuse(UploadErrors.interrupted());
    });
    request.pipe(parser);
  });
}

function createParser(request: IncomingMessage, maxBytes: number): busboy.Busboy | null {
  try {
    // busboy reports the limit on reaching it, not on passing it: one byte of slack lets a file of exactly maxBytes in.
    return busboy({ headers: request.headers, limits: { ...PART_LIMITS, fileSize: maxBytes + 1 } });
  } catch {
    // busboy refuses, as it is created, a request that is not multipart/form-data or has no boundary.
    return null;
  }
}

import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { digesting } from './digest.ts';
import { ObjectNotFoundError, type StorageDriver, type StoredObject } from './driver.ts';
import { assertValidKey } from './keys.ts';
import { INITIAL_PART_SIZE, readParts } from './s3-parts.ts';

export interface S3DriverOptions {
  /** Unset = AWS itself; otherwise e.g. `http://127.0.0.1:9000` for MinIO. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both unset = the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** First multipart part size; tests make it small. */
  partSize?: number;
}

/**
 * Objects in one S3 (or S3-compatible) bucket, keyed by the storage key. Uploads are streamed as
 * multipart uploads, one part in memory at a time; an object only appears when the upload completes,
 * so a failed upload leaves nothing behind (the incomplete upload is aborted).
 */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? INITIAL_PART_SIZE;
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 demands them: many S3-compatible servers reject the newer
      // trailing-checksum encodings, and the module computes its own sha256 anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: Readable): Promise<StoredObject> {
    assertValidKey(key);
    const measured = digesting(source);
    const parts = readParts(measured.stream, this.partSize);
    try {
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      if (firstPart.length < this.partSize) {
        // The whole object fits in one part: a plain PUT, with no multipart upload to clean up.
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: firstPart,
            ContentLength: firstPart.length,
          }),
        );
      } else {
        await this.putMultipart(key, firstPart, parts);
      }
      return measured.result();
    } catch (error) {
      source.destroy();
      await parts.return(undefined);
      throw error;
    }
  }

  private async putMultipart(key: string, firstPart: Buffer, rest: AsyncGenerator<Buffer>): Promise<void> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }),
    );
    if (!UploadId) throw new Error('S3 returned no upload id');
    try {
      const completed: CompletedPart[] = [];
      let part: Buffer | undefined = firstPart;
      while (part) {
        const PartNumber = completed.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        );
        completed.push({ ETag, PartNumber });
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: completed },
        }),
      );
    } catch (error) {
      // Best effort: servers without abort support (and lifecycle rules on real S3) drop the parts.
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!Body) throw new ObjectNotFoundError(key);
      // In Node the SDK's body is an http.IncomingMessage.
      return Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    let ContinuationToken: string | undefined;
    do {
      const listed = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken }),
      );
      const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failure = result.Errors?.[0];
        if (failure)
          throw new Error(`S3 refused to delete ${failure.Key}: ${failure.Code ?? 'unknown error'}`);
      }
      // Continuation tokens point past the listed keys, so deleting them does not disturb the next page.
      ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Storage, StorageUsage } from './storage.types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, B2, s3rver…); unset = AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset = the AWS SDK's default credential chain (env, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Files in an S3-compatible bucket (AWS SDK v3). Objects stay private in the bucket: browsers get
 * them through our `/files/*` route, which checks the signature and streams from S3 (with Range),
 * so access control is the same as on local disk. Uploads stream in parts (lib-storage), never
 * buffering a whole video.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  private bucket: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
      // Checksums on every request are what AWS does by default now; several S3-compatible
      // services reject them, so compute them only where an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * The bucket's totals, listed 1,000 keys a request (S3 has no cheaper call): at most
   * `maxPages` requests, `truncated` when there was more (a storage inventory or the provider's
   * metrics then have the exact figure).
   */
  async usage(maxPages = 100): Promise<StorageUsage> {
    let objects = 0;
    let bytes = 0;
    let token: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 1000 }));
      for (const o of res.Contents ?? []) {
        objects++;
        bytes += o.Size ?? 0;
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
      if (!token) return { driver: 's3', bucket: this.bucket, objects, bytes, truncated: false };
    }
    return { driver: 's3', bucket: this.bucket, objects, bytes, truncated: true };
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      queueSize: 4,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.put(key, fs.createReadStream(filePath), contentType);
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
    );
    const body = res.Body;
    if (body instanceof Readable) return body;
    if (body && typeof (body as { transformToWebStream?: unknown }).transformToWebStream === 'function') {
      return Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
    }
    throw new Error(`S3 returned no body for ${key}`);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  localPath(): null {
    return null;
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  return (err as { name?: string })?.name === 'NotFound' || (err as { name?: string })?.name === 'NoSuchKey';
}

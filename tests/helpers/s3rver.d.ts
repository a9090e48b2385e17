// The maintained fork of s3rver ships no types; the part the tests use.
declare module "@20minutes/s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    httpServer: Server | undefined;
    store: { listObjects(bucket: string, options: { prefix?: string }): Promise<{ objects: { key: string }[] }> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

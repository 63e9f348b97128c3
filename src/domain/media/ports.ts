/** What the media services need from the outside world; adapters in src/integrations/storage implement it. */

/** Where image files are kept (local disk today, object storage for many instances). */
export interface ImageStore {
  put(fileName: string, data: Uint8Array): Promise<void>;
  delete(fileName: string): Promise<void>;
}

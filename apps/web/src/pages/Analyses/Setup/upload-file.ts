/** One file of an upload: its relative path (kept by the server), progress and outcome. */
export interface UploadItem {
  readonly key: string;
  readonly file: File;
  /** The relative path inside a chosen folder, or the file name. */
  readonly path: string;
  progress: number;
  status: 'queued' | 'uploading' | 'uploaded' | 'failed' | 'cancelled';
  error?: string;
}

/** The path a file keeps in the bucket: its place inside a chosen folder, else its name. */
export function relativePathOf(file: File): string {
  const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
  return relative && relative.length > 0 ? relative : file.name;
}

export interface UploadHandle {
  readonly done: Promise<{ id: string; name: string }>;
  abort(): void;
}

/**
 * Uploads one file to `POST /storage/buckets/{id}/upload` (multipart field `files[0]`, the filename
 * carrying the relative path) with XMLHttpRequest, which reports upload progress where fetch cannot.
 */
export function uploadFile(
  url: string,
  authorization: string | undefined,
  item: { file: File; path: string },
  onProgress: (percent: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<{ id: string; name: string }>((resolve, reject) => {
    request.open('POST', url);
    if (authorization) request.setRequestHeader('authorization', authorization);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { data?: Array<{ id: string; name: string }>; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not JSON: the status decides.
      }
      const stored = body.data?.[0];
      if (request.status >= 200 && request.status < 300 && stored) resolve(stored);
      else reject(new Error(body.message ?? `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new Error('network'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const form = new FormData();
    form.append('files[0]', item.file, item.path);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}

// Reading a carbon CSV upload in the browser: plain text as is, a .gz file as base64 bytes (the
// server unpacks it).

/** The file's content and how it is encoded for the import procedure. */
export async function readUpload(file: File): Promise<{ encoding: "text" | "gzip-base64"; content: string }> {
  if (!/\.gz$/i.test(file.name)) return { encoding: "text", content: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  // In chunks: String.fromCharCode with a whole large file as arguments overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { encoding: "gzip-base64", content: btoa(binary) };
}

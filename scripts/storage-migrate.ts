// npm run storage:migrate
// Copies every picture in UPLOAD_DIR into the bucket STORAGE=s3 names (README, "Pictures in object
// storage"). Safe to run again: what is already there, byte for byte, is skipped.
import { getEnv } from "../app/platform/env.server";
import { copyUploads } from "../app/platform/storage/copy-uploads.server";
import { storageFor } from "../app/platform/storage/storage.server";

const env = getEnv();
if (env.STORAGE !== "s3") {
  console.error(
    "storage:migrate copies UPLOAD_DIR into a bucket: set STORAGE=s3 and S3_BUCKET (and the bucket's other S3_ settings) first.",
  );
  process.exit(2);
}
const target = await storageFor(env);
try {
  const report = await copyUploads(env.UPLOAD_DIR, target);
  for (const failure of report.failures) console.error(`failed: ${failure.key}: ${failure.reason}`);
  console.log(
    `${env.UPLOAD_DIR} → s3://${env.S3_BUCKET}/${env.S3_PREFIX ?? ""}: copied ${report.copied}, skipped ${report.skipped} (already there), failed ${report.failed}`,
  );
  process.exitCode = report.failed > 0 ? 1 : 0;
} finally {
  target.close();
}

import { companyVideoUpload } from '../db/companies.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Refuses an upload owned by a company whose video upload is off (`PUT /companies/{id}/change-video-upload`):
 * 403 `video_upload_disabled`, nothing stored. Media of no company (the administrator's) is never refused.
 */
export async function assertVideoUpload(db: Db, owners: readonly (number | null)[]): Promise<void> {
  for (const company of new Set(owners)) {
    if (company !== null && (await companyVideoUpload(db, company)) === false) {
      throw new ApiError(403, 'video_upload_disabled', "The company's video upload is deactivated.");
    }
  }
}

// The exported browser tests of every machine with an adapter, in one test file: each machine's paths
// (tests/e2e/exported/<machine>.paths.ts) play on one real server and the shared Chromium, started once for all of
// them (tests/e2e/paths/suite.ts). Written by `npm run qa:export -- --all`; tests/model/export.test.ts fails while it
// is not what the export writes.
// Run one machine: npm run build && npx vitest run --project e2e tests/e2e/exported.test.ts -t '<machine> in the browser'
import './exported/campaignDevices.paths.ts';
import './exported/campaignForm.paths.ts';
import './exported/companyForm.paths.ts';
import './exported/departmentForm.paths.ts';
import './exported/deviceNavigationEditor.paths.ts';
import './exported/devicesConfigEditor.paths.ts';
import './exported/directory.paths.ts';
import './exported/groupForm.paths.ts';
import './exported/markerPlacement.paths.ts';
import './exported/mediaEdit.paths.ts';
import './exported/officeForm.paths.ts';
import './exported/playlistCommit.paths.ts';
import './exported/playlistForm.paths.ts';
import './exported/scheduler.paths.ts';
import './exported/session.paths.ts';
import './exported/upload.paths.ts';
import './exported/userCreateForm.paths.ts';

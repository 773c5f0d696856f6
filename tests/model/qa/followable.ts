// The machines whose docs/qa page a tester can follow by hand (issue 28): every start says what to prepare (route,
// user rights, data), every user step says what the screen shows (texts from locales/en) or why the screen cannot
// do it, every failure says how to cause it. gate.test.ts holds each of them to that, so none regresses.
// Add a machine here (one a line, sorted) once its page reads that way.
export const FOLLOWABLE: readonly string[] = [
  'campaignDevices',
  'groupDelete',
  'groupForm',
  'groupList',
  'markerPlacement',
  'mediaDetails',
  'objectUpload',
  'playlistCommit',
  'playlistEditor',
  'scheduler',
  'upload',
  'userCreateForm',
  'userDelete',
  'userEditForm',
  'userList',
  'userPasswordForm',
  'userRenameForm',
  'webhookDelete',
  'webhookDeliveries',
  'webhookForm',
  'webhookList',
  'webhookTest',
];

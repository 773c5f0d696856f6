import { datasetFormMachine, type DatasetFields } from '../../../src/machines/datasets/datasetForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const URL = 'https://intranet.example/menu.csv';
const FIELDS: DatasetFields = { source: 'url', name: 'Lunch menu', file: null, url: '', format: 'csv', refresh_minutes: 15 };

/** Issue 38: a new dataset read by the server from a URL (the spreadsheet upload is the same form with a file). */
export default defineFormQa({
  machine: datasetFormMachine,
  file: 'src/machines/datasets/datasetForm.machine.ts',
  title: 'The new-dataset form',
  input: { id: null, fields: FIELDS },
  valid: { words: `type the address ${URL}`, field: 'url', value: URL },
  invalid: { words: 'type the address ftp://intranet.example/menu.csv', field: 'url', value: 'ftp://intranet.example/menu.csv', errors: { url: 'invalid_url' } },
  // From docs/api.md "Datasets": an http(s) address is required; the name is there.
  errors: (fields) => (String(fields.url).trim() === '' ? { url: 'required' } : { url: 'invalid_url' }),
  sendable: (fields) => /^https?:\/\/\S+/.test(String(fields.url).trim()),
  saved: { id: 4, name: 'Lunch menu', row_count: 25 },
  refusal: { words: 'the server refuses: it cannot read the address', code: 'source_failed', fields: { url: 'http_404' } },
  namespace: 'datasets',
  preconditions: { start: { route: '/datasets', user: 'admin (or a user with media edit rights)', data: `press ${text('datasets:actions.add')}, choose ${text('datasets:form.fromUrl')} and type the name Lunch menu` } },
  howTo: { 'the server refuses: it cannot read the address': `type an address that answers 404, e.g. ${URL.replace('menu.csv', 'missing.csv')}` },
  screen: {
    open: [`the dialog ${text('datasets:form.addTitle')} with ${text('datasets:form.source')} ${text('datasets:form.fromUrl')}, ${text('datasets:fields.name')} Lunch menu, ${text('datasets:fields.url')} empty, ${text('datasets:fields.format')} CSV and ${text('datasets:fields.refresh')} 15`],
    valid: [`${text('datasets:fields.url')} reads ${URL}`],
    invalid: [`${text('datasets:fields.url')} reads ftp://intranet.example/menu.csv; no message yet`],
    fieldErrors: (errors) =>
      Object.entries(errors).map(([field, code]) =>
        field === 'url' && (code === 'required' || code === 'invalid_url')
          ? `under ${text('datasets:fields.url')}: ${text(`datasets:validation.${code}`)}`
          : `the line ${text(`datasets:errors.source_failed`)}`,
      ),
    offline: [`the line ${text('common:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('datasets:messages.created', { name: 'Lunch menu', count: 25 })}`, 'the list shows Lunch menu with 25 rows'],
    submit: text('datasets:actions.create'),
  },
});

import { ProgressBar } from '@fluentui/react-components';

/** The download's bar (ExportButton), a chunk of its own. */
export default ProgressBar;

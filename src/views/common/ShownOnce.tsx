import { useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const useStyles = makeStyles({
  value: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', userSelect: 'all' },
});

/**
 * A secret the server answers once (a webhook's signing secret, an API token): shown above its list with a way to copy
 * it, until the user says they have it. The words are the screen's.
 */
export function ShownOnce({ value, words, onDismiss }: { value: string; words: { title: string; body: string; copy: string; copied?: string; dismiss: string }; onDismiss: () => void }) {
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{words.title}</MessageBarTitle>
        {words.body} <code className={styles.value}>{value}</code>
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => undefined)}>
          {copied && words.copied ? words.copied : words.copy}
        </Button>
        <Button size="small" appearance="primary" onClick={onDismiss}>
          {words.dismiss}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

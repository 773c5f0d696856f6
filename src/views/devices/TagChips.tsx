import { makeStyles, Tag } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';
import { useTranslation } from '../../i18n.ts';

const useStyles = makeStyles({
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, margin: `${tokens.spacingVerticalXXS} 0 0`, padding: 0, listStyleType: 'none', minWidth: 0 },
  chip: { maxWidth: '100%', overflowWrap: 'anywhere' },
});

/** A device's tags as chips (a list, so a screen reader counts them); `none` when it has none. */
export function TagChips({ tags, none }: { tags: readonly string[] | undefined; none?: string }) {
  const { t } = useTranslation('devices');
  const styles = useStyles();
  if (!tags?.length) return <>{none ?? null}</>;
  return (
    <ul className={styles.chips} aria-label={t('tags.label', { count: tags.length })}>
      {tags.map((tag) => (
        <li key={tag}>
          <Tag size="extra-small" appearance="outline" shape="circular" className={styles.chip}>
            {tag}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useState } from 'react';
import { Button, Combobox, Field, Option, Spinner } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import type { OptionSearchQuery } from '../../services/scheduler.ts';

export interface OptionPickerProps {
  kind: OptionSearchQuery['kind'];
  /** The campaign whose options are searched (null for campaigns). */
  campaign: number | null;
  /** The id chosen and its name when known (an edited event's playlist, a campaign from the address). */
  value: number | null;
  valueName: string | null;
  onChange: (id: number | null, name: string | null) => void;
  label: string;
  placeholder: string;
  /** What an option says besides its name (a playlist's "Not committed"). */
  describe?: (option: { name: string; committed?: boolean }) => string;
  /** The option that means none (the /scheduler filter's "All campaigns"). */
  noneLabel?: string;
  required?: boolean;
  validation?: { validationState: 'error' | 'none'; validationMessage?: string };
  className?: string;
  /** The search machine with its `search` actor (default: the event form's options of the campaign). */
  logic?: typeof optionSearchMachine;
}

/**
 * A name typed into a combobox, searched on the server as the typing rests (optionSearchMachine): the first matches,
 * the chosen one first; pick one. The text shows the chosen name again when the list closes.
 */
export function OptionPicker(props: OptionPickerProps) {
  const { kind, campaign, value, valueName, onChange, label, placeholder, describe, noneLabel, required, validation, className, logic } = props;
  const { t } = useTranslation('scheduler');
  const picker = useActorRef(logic ?? optionSearchMachine, { input: { query: { kind, campaign, search: '', chosen: value === null ? [] : [value], onlyChosen: false } } });
  const results = useSelector(picker, (s) => s.context.results);
  const count = useSelector(picker, (s) => s.context.count);
  const busy = useSelector(picker, (s) => s.hasTag('busy'));
  const failed = useSelector(picker, (s) => s.matches('failed'));
  const known = results.find((option) => option.id === value);
  const chosenName = value === null ? (noneLabel ?? '') : (known?.name ?? valueName ?? '');
  const [text, setText] = useState(chosenName);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setText(chosenName);
  }, [chosenName, typing]);
  const labelOf = (option: { name: string; committed?: boolean }) => (describe ? describe(option) : option.name);

  return (
    <Field
      label={label}
      required={required}
      className={className}
      validationState={failed ? 'error' : (validation?.validationState ?? 'none')}
      validationMessage={failed ? t('form.searchError') : validation?.validationMessage}
    >
      <Combobox
        freeform
        value={text}
        placeholder={placeholder}
        selectedOptions={value === null ? (noneLabel ? [''] : []) : [String(value)]}
        onChange={(event) => {
          setText(event.target.value);
          setTyping(true);
          picker.send({ type: 'search.type', search: event.target.value });
        }}
        onOptionSelect={(_, data) => {
          if (data.optionValue === undefined) return;
          setTyping(false);
          if (data.optionValue === '') {
            picker.send({ type: 'search.chosen', chosen: [] });
            setText(noneLabel ?? '');
            return onChange(null, null);
          }
          const id = Number(data.optionValue);
          const option = results.find((item) => item.id === id);
          picker.send({ type: 'search.chosen', chosen: [id] });
          setText(option?.name ?? '');
          onChange(id, option?.name ?? null);
        }}
        onBlur={() => {
          // Left without a pick: the text names the choice again, and the next search starts from every option.
          if (!typing) return;
          setTyping(false);
          setText(chosenName);
          picker.send({ type: 'search.type', search: '' });
        }}
      >
        {noneLabel ? (
          <Option value="" text={noneLabel}>
            {noneLabel}
          </Option>
        ) : null}
        {results.map((option) => (
          <Option key={option.id} value={String(option.id)} text={option.name}>
            {labelOf(option)}
          </Option>
        ))}
        {busy && results.length === 0 ? (
          <Option disabled value="busy" text="">
            <Spinner size="tiny" label={t('form.searching')} />
          </Option>
        ) : null}
        {!busy && !failed && results.length === 0 ? (
          <Option disabled value="none" text="">
            {t('form.noMatches')}
          </Option>
        ) : null}
        {count > results.length ? (
          <Option disabled value="more" text="">
            {t('form.moreOptions', { count: count - results.length })}
          </Option>
        ) : null}
      </Combobox>
      {failed ? <Button size="small" onClick={() => picker.send({ type: 'search.retry' })}>{t('actions.retry')}</Button> : null}
    </Field>
  );
}

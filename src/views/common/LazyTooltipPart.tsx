import { cloneElement, useEffect, useRef, useState } from 'react';
import { Tooltip } from '@fluentui/react-components';
import type { LoadedTooltip } from './LazyTooltip.tsx';

/** Fluent's description tooltip, a chunk of its own, drawn by LazyTooltip.tsx from the first hover or focus on. */
const LazyTooltipPart: LoadedTooltip = ({ content, children, withArrow, initiallyVisible, refocus }) => {
  const [visible, setVisible] = useState(initiallyVisible);
  const trigger = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (refocus) trigger.current?.focus();
    // Only when it takes the stand-in's place.
  }, []);
  return (
    <Tooltip content={content} relationship="description" withArrow={withArrow} visible={visible} onVisibleChange={(_, data) => setVisible(data.visible)}>
      {cloneElement(children, { ref: trigger })}
    </Tooltip>
  );
};

export default LazyTooltipPart;

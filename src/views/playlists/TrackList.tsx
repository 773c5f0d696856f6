import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { Button, Input, mergeClasses } from '@fluentui/react-components';
import { DeleteRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from '../../i18n.ts';
import type { TrackDetail } from '../../services/schemas/playlists.ts';
import { clock } from './format.ts';
import { TrackThumbnail } from './TrackThumbnail.tsx';
import { useEditorStyles } from './PlaylistEditor.styles.ts';

interface TrackListProps {
  name: string;
  tracks: TrackDetail[];
  /** Reordering, duration and removal are off while the editor is busy. */
  disabled: boolean;
  canRemove: boolean;
  /** A user who may only view: no drag handles and no remove buttons (the order and durations are shown). */
  readOnly?: boolean;
  onMove: (from: number, to: number) => void;
  onDuration: (id: number, seconds: number) => void;
  onRemove: (id: number) => void;
}

/** From this many tracks the list is virtualised: only the rows in (and near) view are rendered. */
export const VIRTUAL_FROM = 100;
const ROW_ESTIMATE = 48;

/**
 * The tracks in order, sortable with dnd-kit: by pointer, and by keyboard (focus a handle, Space, arrows, Space)
 * with translated screen-reader announcements. Long playlists render in a scroll box through @tanstack/react-virtual
 * (the dragged row is always rendered), so a move re-renders tens of rows, not a thousand.
 */
export function TrackList({ name, tracks, disabled, canRemove, readOnly = false, onMove, onDuration, onRemove }: TrackListProps) {
  const { t } = useTranslation('playlists');
  const styles = useEditorStyles();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const ids = useMemo(() => tracks.map((track) => track.id), [tracks]);
  const moved = useRef(false);
  // The dragged row stays rendered when the list scrolls away from it. Kept in a ref, not state: picking a row up
  // re-renders nothing; the virtualiser asks again whenever its range changes, which is when it matters.
  const activeIndex = useRef(-1);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = tracks.length >= VIRTUAL_FROM;
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const active = activeIndex.current;
    return active >= 0 && !indexes.includes(active) ? [...indexes, active].sort((a, b) => a - b) : indexes;
  }, []);
  const virtualizer = useVirtualizer({
    count: tracks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 4,
    useFlushSync: false,
    enabled: virtual,
    rangeExtractor,
    getItemKey: (index) => tracks[index]!.id,
  });
  const announcements = useMemo<Announcements>(() => {
    const describe = (id: UniqueIdentifier, overId?: UniqueIdentifier) => {
      const track = tracks.find((tr) => tr.id === id);
      const position = ids.indexOf((overId ?? id) as number) + 1;
      return { name: track?.media_detail.name ?? '', position, total: ids.length };
    };
    return {
      onDragStart: ({ active }) => {
        moved.current = false;
        return t('dnd.pickedUp', describe(active.id));
      },
      // dnd-kit reports the picked-up track over itself first: that would replace "Picked up" before it is read.
      onDragOver: ({ active, over }) => {
        if (!over || (over.id === active.id && !moved.current)) return undefined;
        moved.current = true;
        return t('dnd.movedOver', describe(active.id, over.id));
      },
      onDragEnd: ({ active, over }) => (over ? t('dnd.dropped', describe(active.id, over.id)) : undefined),
      onDragCancel: ({ active }) => t('dnd.cancelled', describe(active.id)),
    };
  }, [tracks, ids, t]);

  const dragEnd = ({ active, over }: DragEndEvent) => {
    activeIndex.current = -1;
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(active.id as number), ids.indexOf(over.id as number));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => (activeIndex.current = ids.indexOf(active.id as number))}
      onDragCancel={() => (activeIndex.current = -1)}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {virtual ? (
          <div ref={scroller} className={styles.scroller}>
            <ol className={styles.virtualTracks} style={{ height: virtualizer.getTotalSize() }} aria-label={t('editor.tracksLabel', { name })}>
              {virtualizer.getVirtualItems().map((item) => {
                const track = tracks[item.index]!;
                return (
                  <TrackRow
                    key={track.id}
                    track={track}
                    position={item.index + 1}
                    count={tracks.length}
                    top={item.start}
                    measure={virtualizer.measureElement}
                    disabled={disabled}
                    canRemove={canRemove}
                    readOnly={readOnly}
                    onDuration={onDuration}
                    onRemove={onRemove}
                  />
                );
              })}
            </ol>
          </div>
        ) : (
          <ol className={styles.tracks} aria-label={t('editor.tracksLabel', { name })}>
            {tracks.map((track, index) => (
              <TrackRow key={track.id} track={track} position={index + 1} count={tracks.length} disabled={disabled} canRemove={canRemove} readOnly={readOnly} onDuration={onDuration} onRemove={onRemove} />
            ))}
          </ol>
        )}
      </SortableContext>
    </DndContext>
  );
}

interface TrackRowProps {
  track: TrackDetail;
  position: number;
  count: number;
  /** In a virtualised list: the row's offset and the virtualiser's measuring ref. */
  top?: number;
  measure?: (element: HTMLElement | null) => void;
  disabled: boolean;
  canRemove: boolean;
  readOnly: boolean;
  onDuration: (id: number, seconds: number) => void;
  onRemove: (id: number) => void;
}

const TrackRow = memo(function TrackRow({ track, position, count, top, measure, disabled, canRemove, readOnly, onDuration, onRemove }: TrackRowProps) {
  const styles = useEditorStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: track.id, disabled });
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measure?.(element);
    },
    [setNodeRef, measure],
  );
  const placed = top === undefined ? {} : { position: 'absolute' as const, top, left: 0, right: 0 };
  // Every move of a drag re-renders the sortable rows; their content (buttons, input) is memoised and stays.
  return (
    <li
      ref={ref}
      data-index={position - 1}
      aria-posinset={position}
      aria-setsize={count}
      className={mergeClasses(styles.track, isDragging && styles.dragging)}
      style={{ ...placed, transform: CSS.Translate.toString(transform), transition }}
    >
      <TrackRowContent
        track={track}
        position={position}
        handleRef={setActivatorNodeRef}
        handleProps={attributes}
        handleListeners={listeners}
        disabled={disabled}
        canRemove={canRemove}
        readOnly={readOnly}
        onDuration={onDuration}
        onRemove={onRemove}
      />
    </li>
  );
});

interface TrackRowContentProps {
  track: TrackDetail;
  position: number;
  handleRef: (element: HTMLElement | null) => void;
  handleProps: object;
  handleListeners: object | undefined;
  disabled: boolean;
  canRemove: boolean;
  readOnly: boolean;
  onDuration: (id: number, seconds: number) => void;
  onRemove: (id: number) => void;
}

const TrackRowContent = memo(function TrackRowContent({ track, position, handleRef, handleProps, handleListeners, disabled, canRemove, readOnly, onDuration, onRemove }: TrackRowContentProps) {
  const { t } = useTranslation('playlists');
  const styles = useEditorStyles();
  const name = track.media_detail.name;
  return (
    <>
      {readOnly ? null : (
        <Button
          ref={handleRef}
          appearance="subtle"
          className={styles.handle}
          icon={<ReOrderDotsVerticalRegular />}
          disabled={disabled}
          {...handleProps}
          {...handleListeners}
          aria-label={t('actions.dragHandle', { name, position })}
        />
      )}
      <span className={styles.position} aria-hidden="true">
        {position}
      </span>
      <TrackThumbnail mediaId={track.media} hasPreview={!!track.media_detail.preview} />
      <span className={styles.trackName}>{name}</span>
      {track.media_detail.kind === 'image' ? (
        <SecondsInput name={name} seconds={track.duration} disabled={disabled} onChange={(seconds) => onDuration(track.id, seconds)} />
      ) : (
        <span className={styles.muted} title={t('editor.videoDuration')}>
          {clock(track.duration)}
        </span>
      )}
      {readOnly ? null : (
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('actions.removeTrack', { name })}
          disabled={disabled || !canRemove}
          onClick={() => onRemove(track.id)}
        />
      )}
    </>
  );
});

/** An image's seconds: the typed text is kept while it is not a whole number of 1..86400, and sent when it is. */
function SecondsInput({ name, seconds, disabled, onChange }: { name: string; seconds: number; disabled: boolean; onChange: (seconds: number) => void }) {
  const { t } = useTranslation('playlists');
  const styles = useEditorStyles();
  const [text, setText] = useState(String(seconds));
  useEffect(() => setText((current) => (Number(current) === seconds ? current : String(seconds))), [seconds]);
  return (
    <Input
      className={styles.seconds}
      type="number"
      min={1}
      max={86400}
      step={1}
      value={text}
      disabled={disabled}
      aria-label={t('editor.imageSeconds', { name })}
      contentAfter={<span aria-hidden="true">{t('units.secondsShort')}</span>}
      onChange={(_, data) => {
        setText(data.value);
        const value = Number(data.value);
        if (/^\d+$/.test(data.value) && value >= 1 && value <= 86400) onChange(value);
      }}
    />
  );
}

// The messages feature's public file: what other features may use of it.

export { AbTestsPanel } from './components/ab-tests-panel';
export {
  ContentPreview,
  CouponSelect,
  DraftConditionsDialog,
  EditorFrame,
  EditorLoading,
  LayoutSelect,
  TagsSelect,
  useIdParam,
} from './components/message-editor-parts';
export { contentOf, type EditorContent, emptyContent } from './components/message-form-values';
export { useContentEditor } from './components/use-content-editor';

// Checks of a scene's UI metadata (`meta`: plots, sliders, questions) and `controller`, which the
// core treats as opaque: the page runs them on every scene it loads (guard/scene_entry.ts), the
// library on every world it builds. One implementation, in lib/ (the page already builds on the
// library, so the library cannot import from the page).
export { MAX_CONTROLLER_BYTES, MAX_CONTROLLER_PARAMETERS, sceneMetaMessage, validateSceneMeta, type SceneMetaProblem } from '../../../lib/scene_meta';

// Springs and strings drawn in the view (web/src/parts): set up for each scene loaded, moved with
// the bodies each frame.
import * as THREE from 'three';
import { ConnectorView } from '../parts/connector_view';
import type { BuildMode } from '../builder/build_mode';
import { sceneBoxOf, type PageContext } from './page_context';

export function wireConnectors(ctx: PageContext, build: BuildMode): ConnectorView {
  const view = new ConnectorView(ctx.renderer.scene);
  build.pickConnector = (raycaster) => view.pick(raycaster); // build mode selects a spring or string by its drawing
  build.showConnectors = (selected) => {
    view.highlight(selected);
    ctx.renderer.invalidate();
  };
  ctx.events.sceneLoaded.on((doc) => {
    view.setScene(doc, sceneBoxOf(ctx).getSize(new THREE.Vector3()).length());
    view.update(ctx.views);
    ctx.renderer.invalidate();
  });
  return view;
}

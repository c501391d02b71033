// Files dropped anywhere on the page go to `open` (the first one). A module of its own: the page
// listens for drops before the scene editor is loaded. Listening in the capture phase keeps the
// text editor from inserting a dropped file's text at the drop point.
export function acceptDroppedFiles(open: (file: File) => void): void {
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
  window.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    document.body.classList.add('dropping');
  }, true);
  window.addEventListener('dragleave', (event) => {
    if (event.relatedTarget === null) document.body.classList.remove('dropping'); // left the window
  }, true);
  window.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    document.body.classList.remove('dropping');
    const file = event.dataTransfer?.files[0];
    if (file) open(file);
  }, true);
}

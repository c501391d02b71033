// Files dropped anywhere on the page go to `open`: every dropped file, folders walked (their
// files with paths inside the drop, "robot/assets/arm.stl"), so that a model opens with the files
// it includes. A module of its own: the page listens for drops before the scene editor is loaded.
// Listening in the capture phase keeps the text editor from inserting a dropped file's text.

/** A dropped file and its path in the drop (its name for a file dropped by itself). */
export interface DroppedFile {
  path: string;
  file: File;
}

const MAX_DROPPED_FILES = 5000; // as many as the page opens at once (model_files.ts)

/** A folder's entries (readEntries answers in batches). */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0 || all.length > MAX_DROPPED_FILES) return all;
    all.push(...batch);
  }
}

/** The files under dropped entries, breadth first, stopping past the budget (the reader then refuses). */
async function walk(roots: FileSystemEntry[]): Promise<DroppedFile[]> {
  const files: DroppedFile[] = [];
  const queue = [...roots];
  for (let entry = queue.shift(); entry && files.length <= MAX_DROPPED_FILES; entry = queue.shift()) {
    if (entry.isDirectory) queue.push(...(await entriesOf(entry as FileSystemDirectoryEntry)));
    else if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      files.push({ path: entry.fullPath.replace(/^\/+/, ''), file });
    }
  }
  return files;
}

/** The dropped files: folders walked where the browser gives entries, else the plain file list. */
function droppedFiles(transfer: DataTransfer): Promise<DroppedFile[]> {
  // Entries and files must be taken during the drop event; reading them may come later.
  const plain = [...transfer.files].map((file) => ({ path: file.name, file }));
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null)) return Promise.resolve(plain);
  return walk(entries as FileSystemEntry[]).catch(() => plain);
}

export function acceptDroppedFiles(open: (files: DroppedFile[]) => void): void {
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
    if (!carriesFiles(event) || !event.dataTransfer) return;
    event.preventDefault();
    event.stopPropagation();
    document.body.classList.remove('dropping');
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) open(files);
    });
  }, true);
}

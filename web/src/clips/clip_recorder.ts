// A clip of a recorded span of the timeline as WebM: frame k shows the world at the simulated
// time t0 + k·s/fps (speed s: 0.5 is slow motion), sought and drawn when its turn comes, however
// long the drawing takes. Where the browser has WebCodecs, each frame is encoded (VP8) with its
// timestamp k/fps and written into WebM by webm-muxer: the clip lasts (t1 − t0)/s to
// the frame on any machine. Elsewhere the frames go to a MediaRecorder through
// canvas.captureStream(0), one requestFrame() each, the recorder running 1/fps of wall-clock
// time per frame and paused meanwhile: right on an idle machine, longer when timers run late.
import { ArrayBufferTarget, Muxer } from 'webm-muxer';

export interface ClipSpan {
  /** Simulated seconds where the clip starts and ends (a recorded span). */
  from: number;
  to: number;
  /** Simulated seconds per second of clip: 0.25 slows the motion down four times. */
  speed: number;
  /** Frames per second of clip. */
  fps: number;
}

export interface ClipFrames {
  /** Puts the world at simulated time `time` (a recorded moment). */
  seek(time: number): void;
  /** Draws the world as it is now onto the canvas the clip captures, and returns that canvas. */
  compose(): HTMLCanvasElement;
}

const MIME_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];
/** Enough for sharp edges on a projector: slides are watched large. */
const BITS_PER_SECOND = 8_000_000;

/** The clip's frames' simulated times: from t0 to t1 both included, s/fps apart. */
export function clipFrameTimes(span: ClipSpan): number[] {
  const intervals = Math.max(1, Math.round(((span.to - span.from) / span.speed) * span.fps));
  return Array.from({ length: intervals + 1 }, (_, k) => span.from + (k * (span.to - span.from)) / intervals);
}

const canEncode = () => typeof VideoEncoder !== 'undefined' && typeof VideoFrame !== 'undefined';
const canRecord = () => typeof MediaRecorder !== 'undefined' && MIME_TYPES.some((type) => MediaRecorder.isTypeSupported(type));

/** Why the span cannot be recorded ('' when it can): the browser, or the numbers. */
export function clipProblem(span: ClipSpan): string {
  if (!canEncode() && !canRecord()) return 'unsupported';
  if (!(span.to > span.from) || !(span.speed > 0) || !(span.fps > 0)) return 'span';
  return '';
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, Math.max(0, ms)));

/** Called after each frame with the frames done and the total. */
export type ClipProgress = (done: number, total: number) => void;

/**
 * Records the span frame by frame; `progress` after each frame; `stop()` returning true ends it
 * early (the frames so far are kept). The WebM file.
 */
export async function recordClip(span: ClipSpan, frames: ClipFrames, progress: ClipProgress = () => {}, stop: () => boolean = () => false): Promise<Blob> {
  const times = clipFrameTimes(span);
  frames.seek(times[0]);
  const canvas = frames.compose();
  const encoded = canEncode() ? await encodeFrames(times, span.fps, canvas, frames, progress, stop) : null;
  return encoded ?? recordRealTime(times, span.fps, canvas, frames, progress, stop);
}

/** Each frame encoded with its own timestamp (WebCodecs), the file muxed here; null when the encoder refuses the size. */
async function encodeFrames(times: number[], fps: number, canvas: HTMLCanvasElement, frames: ClipFrames, progress: ClipProgress, stop: () => boolean): Promise<Blob | null> {
  const { width, height } = canvas;
  const config: VideoEncoderConfig = { codec: 'vp8', width, height, bitrate: BITS_PER_SECOND, framerate: fps };
  if (!(await VideoEncoder.isConfigSupported(config)).supported) return null;
  const muxer = new Muxer({ target: new ArrayBufferTarget(), video: { codec: 'V_VP8', width, height, frameRate: fps } });
  let failure: Error | null = null;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    error: (error) => (failure = error),
  });
  encoder.configure(config);
  const frameUs = 1e6 / fps;
  let done = 0;
  for (let k = 0; k < times.length && !stop() && !failure; k++) {
    if (k > 0) {
      frames.seek(times[k]);
      frames.compose();
    }
    const frame = new VideoFrame(canvas, { timestamp: Math.round(k * frameUs), duration: Math.round(frameUs) });
    encoder.encode(frame, { keyFrame: k % (2 * Math.round(fps)) === 0 }); // a key frame every 2 s of clip: seeking stays quick
    frame.close();
    done = k + 1;
    progress(done, times.length);
    // The encoder works behind: wait when it falls behind, and let the page show the progress.
    while (encoder.encodeQueueSize > 2) await new Promise((next) => encoder.addEventListener('dequeue', next, { once: true }));
    await new Promise((next) => setTimeout(next, 0));
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  muxer.finalize(); // writes the Duration and the Cues, which MediaRecorder's files lack
  return new Blob([muxer.target.buffer], { type: 'video/webm' });
}

/** Neither WebCodecs nor MediaRecorder makes WebM video in this browser. */
export class ClipUnsupportedError extends Error {}

/** The frames through a MediaRecorder, paced in real time (browsers without WebCodecs). */
async function recordRealTime(times: number[], fps: number, canvas: HTMLCanvasElement, frames: ClipFrames, progress: ClipProgress, stop: () => boolean): Promise<Blob> {
  if (!canRecord()) throw new ClipUnsupportedError('no WebM encoder');
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
  const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type))!;
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: BITS_PER_SECOND });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((done) => (recorder.onstop = () => done()));
  recorder.start();
  recorder.pause();
  const frameMs = 1000 / fps;
  let recordedMs = 0; // wall-clock time the recorder has run: the clip's time so far
  try {
    for (let k = 0; k < times.length && !stop(); k++) {
      if (k > 0) {
        frames.seek(times[k]);
        frames.compose();
      }
      recorder.resume();
      const resumed = performance.now();
      track.requestFrame();
      // Each frame holds until the clip's clock reaches the next one: a late timer is made up on the next frame.
      await wait((k + 1) * frameMs - recordedMs);
      recordedMs += performance.now() - resumed;
      recorder.pause();
      progress(k + 1, times.length);
    }
  } finally {
    recorder.stop();
    track.stop();
  }
  await stopped;
  return new Blob(chunks, { type: 'video/webm' });
}

// The gallery's topics and levels: the groups the scene list shows, in this order, and the level
// filter's choices. Each gallery.json entry names one topic and one level (tests/web/gallery_catalogue.test.ts).

export const TOPICS = ['kinematics', 'dynamics', 'energy', 'momentum', 'rotation', 'oscillations', 'robotics', 'control', 'mujoco'] as const;
export type Topic = (typeof TOPICS)[number];

export const LEVELS = ['school', 'university'] as const;
export type Level = (typeof LEVELS)[number];

/** The level filter: every scene, or one level's. */
export type LevelFilter = Level | 'all';

export const isTopic = (value: unknown): value is Topic => (TOPICS as readonly unknown[]).includes(value);
export const isLevel = (value: unknown): value is Level => (LEVELS as readonly unknown[]).includes(value);

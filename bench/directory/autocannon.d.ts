// autocannon ships no types; the bench uses a handful of its fields.
declare module 'autocannon';

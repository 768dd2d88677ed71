// Filled by its own work; see docs/ARCHITECTURE.md.
export {};

// Tables of this feature (filled by its commits).
export {};

/// What renaming a custom exercise did.
public enum WorkoutCustomExerciseRename: Sendable, Equatable {
    case renamed(WorkoutCustomExercise)
    /// Another of the owner's exercises already has a name that folds alike (this one); nothing changed.
    case nameTaken(WorkoutCustomExercise)
    /// The owner has no custom exercise with that id (another user's included); nothing changed.
    case notFound
}

/// What deleting a custom exercise did.
public enum WorkoutCustomExerciseDeletion: Sendable, Equatable {
    case deleted
    /// That many of the owner's sets use it; nothing changed.
    case inUse(sets: Int)
    /// The owner has no custom exercise with that id (another user's included); nothing changed.
    case notFound
}

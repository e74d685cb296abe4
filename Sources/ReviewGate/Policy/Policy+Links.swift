extension Policy {
    /// The App Store's write-review page for `app.store_id` (iOS), or `nil` without one.
    public var writeReviewURL: String? {
        guard let id = app.storeID?.value, app.platform == .ios else { return nil }
        return "https://apps.apple.com/app/id\(id)?action=write-review"
    }
}

extension Policy {
    /// The store's write-review page: the App Store's for `app.store_id` on iOS, the Play Store's
    /// for `app.package` on Android; `nil` without one.
    package var writeReviewURL: String? {
        switch app.platform {
        case .ios: app.storeID.map { "https://apps.apple.com/app/id\($0.value)?action=write-review" }
        case .android: app.package.map { "https://play.google.com/store/apps/details?id=\($0.value)" }
        }
    }
}

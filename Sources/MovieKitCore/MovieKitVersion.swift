/// The version of MovieKit: the one source for `moviemake --version`, checked by the tests against the
/// README's package dependency and the CHANGELOG's newest release.
public enum MovieKitVersion {
    /// The release this code is, or builds on, as semantic-versioning text.
    public static let current = "0.2.0"
}

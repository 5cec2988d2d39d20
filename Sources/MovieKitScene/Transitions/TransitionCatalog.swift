import Foundation
import FrameDraw
import MovieKitCore

/// Every transition name MovieKit knows, and what each stands for: the one place where slideshow
/// manifests, editly specs, `moviemake` and Swift code look names up.
///
/// A catalog holds two kinds of effects:
/// - the ones drawn on the CPU (``TransitionKind``), named after ffmpeg `xfade`'s effects
///   (`wipeleft`, `fadeblack`, `circleopen`), which need no OpenGL ES;
/// - shader effects in the gl-transitions form (``ShaderTransition``), named as in the
///   gl-transitions collection (`crosswarp`, `Dreamy`, `directionalwarp`). MovieKit's own are
///   `.glsl` files of its resources (``builtIn``); a folder of yours adds names or replaces them
///   (``loadingCollection(at:)``).
///
/// Names are compared ignoring case. Where both kinds have a name (`circleopen`, `radial`,
/// `pixelize`, `fade`, the wipes), the ``Dialect`` decides: MovieKit's own files and flags mean the
/// CPU effect, editly specs the gl-transitions one, as editly does.
///
/// ```swift
/// let catalog = try TransitionCatalog.builtIn.loadingCollection(at: glTransitionsFolder)
/// let warp = catalog.transition(named: "directionalwarp")  // the collection's GLSL, exactly
/// ```
public struct TransitionCatalog: Sendable {
    /// Whose names a lookup follows, where the CPU effects and the shaders share a name.
    public enum Dialect: Sendable, Hashable, CaseIterable {
        /// Slideshow manifests, `moviemake slideshow --transition` and Swift: a ``TransitionKind``
        /// name (ffmpeg `xfade`'s, with `fade` and `none`) means that CPU effect; any other name is a
        /// shader's.
        case movieKit
        /// editly specs: gl-transitions' names mean the shader (from a collection when one is loaded),
        /// and editly's own names (`directional-left`, `random`, `dummy`) its CPU effects. `fade` and
        /// the wipes are drawn on the CPU, which draws them exactly, unless a collection has them.
        case editly
    }

    /// The shaders by lowercased name.
    private var shaders: [String: ShaderTransition]
    /// The folder of a loaded collection, if any.
    public private(set) var collectionFolder: URL?
    /// The names the loaded collection provides (replacing MovieKit's shader of the same name, or new).
    public private(set) var collectionNames: [String] = []
    /// Files of the loaded collection that could not be used, each with a sentence saying why.
    public private(set) var skippedFiles: [String] = []

    private init(shaders: [String: ShaderTransition]) {
        self.shaders = shaders
    }

    /// MovieKit's own transitions: the CPU effects and the `.glsl` files of its resources.
    public static let builtIn: TransitionCatalog = {
        var shaders: [String: ShaderTransition] = [:]
        for (name, text) in ShaderResources.files() {
            shaders[name.lowercased()] = ShaderTransition(name: name, glsl: text)
        }
        return TransitionCatalog(shaders: shaders)
    }()

    /// The catalog readers used before registries carried it: ``builtIn`` unless set for a scope
    /// with `TransitionCatalog.$current.withValue(catalog) { … }`. Readers still use it for a
    /// registry that has no catalog set, until it is removed.
    @available(
        *, deprecated,
        message: "Set the catalog on the ContentRegistry documents are read with: registry.setting(catalog)."
    )
    @TaskLocal public static var current: TransitionCatalog = .builtIn

    /// The shader effects' names, in the order of their files (uppercase first, as gl-transitions
    /// sorts them).
    public var shaderNames: [String] { shaders.values.compactMap(\.name).sorted() }

    /// Every name a lookup in `dialect` accepts, for messages and `--help`: the CPU effects'
    /// names, then the shaders' names that do not repeat them.
    /// - Parameter dialect: Whose names. Default ``Dialect/movieKit``.
    public func names(in dialect: Dialect = .movieKit) -> [String] {
        let cpu = dialect == .movieKit ? TransitionKind.names : editlyCPUNames
        let taken = Set(cpu.map { $0.lowercased() })
        return cpu + shaderNames.filter { !taken.contains($0.lowercased()) }
    }

    /// The shader effect `name`, compared ignoring case: the collection's if it has one, else
    /// MovieKit's; `nil` for a name no shader has.
    /// - Parameter name: A gl-transitions name such as `crosswarp`.
    public func shader(named name: String) -> ShaderTransition? {
        shaders[name.lowercased()]
    }

    /// The transition `name` stands for in `dialect`, lasting 0.5 s, eased as its kind usually is
    /// (`.easeInOut` on the CPU, `.linear` for shaders, as gl-transitions runs); `nil` for a name
    /// the catalog does not have. Set ``Slideshow/Transition/duration`` and
    /// ``Slideshow/Transition/easing`` on the result.
    /// - Parameters:
    ///   - name: A name, compared ignoring case.
    ///   - dialect: Whose names. Default ``Dialect/movieKit``.
    public func transition(named name: String, in dialect: Dialect = .movieKit) -> Slideshow.Transition? {
        switch dialect {
        case .movieKit:
            if let kind = TransitionKind(name: name) { return .cpu(kind) }
            return shader(named: name).map { .shader($0) }
        case .editly:
            return editlyEntry(named: name)?.transition
        }
    }

    /// Whether `name` comes from the loaded collection (compared ignoring case).
    public func isFromCollection(_ name: String) -> Bool {
        collectionNames.contains { $0.lowercased() == name.lowercased() }
    }

    /// This catalog with the transitions of a gl-transitions collection added: every `.glsl` file
    /// directly in `folder`, named after the file (`Dreamy.glsl` is `Dreamy`). A name MovieKit
    /// already has runs the collection's GLSL instead, exactly, with the parameters and defaults
    /// its text declares. Files that sample textures MovieKit cannot provide (`luma`,
    /// `displacement`) are left out and listed in ``skippedFiles``.
    ///
    /// editly installs the collection with npm: `node_modules/gl-transitions/transitions`.
    /// - Parameter folder: The folder of `.glsl` files.
    /// - Throws: ``TransitionCatalogError`` when the folder cannot be read, a file cannot be read
    ///   as UTF-8 text, or the folder holds no `.glsl` file.
    public func loadingCollection(at folder: URL) throws -> TransitionCatalog {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
            .filter { $0.pathExtension.lowercased() == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw TransitionCatalogError(
                kind: .unreadableFolder,
                description:
                    "The gl-transitions folder \(folder.path) cannot be read (\(error.localizedDescription)); "
                    + "pass the folder of .glsl files, such as node_modules/gl-transitions/transitions.")
        }
        guard !files.isEmpty else {
            throw TransitionCatalogError(
                kind: .noTransitions,
                description:
                    "The gl-transitions folder \(folder.path) holds no .glsl file; pass the folder of the "
                    + "collection's transitions, such as node_modules/gl-transitions/transitions.")
        }
        var result = self
        result.collectionFolder = folder
        result.collectionNames = []
        result.skippedFiles = []
        for file in files {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw TransitionCatalogError(
                    kind: .unreadableFile,
                    description:
                        "The transition \(file.path) cannot be read (\(error.localizedDescription)); "
                        + "check its permissions, or remove it from the folder.")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw TransitionCatalogError(
                    kind: .unreadableFile,
                    description:
                        "The transition \(file.path) is not UTF-8 text; save it as UTF-8, or remove it from the folder."
                )
            }
            let name = file.deletingPathExtension().lastPathComponent
            let shader = ShaderTransition(name: name, glsl: text)
            guard shader.textures.isEmpty else {
                let kept =
                    shaders[name.lowercased()] != nil ? "MovieKit's own `\(name)` is used instead" : "it is left out"
                result.skippedFiles.append(
                    "\(file.path) samples \(shader.textures.map { "`\($0)`" }.joined(separator: " and ")), "
                        + "a picture MovieKit cannot provide; \(kept).")
                continue
            }
            result.shaders[name.lowercased()] = shader
            result.collectionNames.append(name)
        }
        return result
    }
}

/// MovieKit's own shader transitions: the `.glsl` files in the module's `Shaders` resources.
enum ShaderResources {
    /// Each file's name without `.glsl`, and its text.
    static func files() -> [(name: String, text: String)] {
        guard let folder = Bundle.module.url(forResource: "Shaders", withExtension: nil),
            let urls = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else {
            Log.emit(
                .error, subsystem: .movieKit,
                "MovieKit's transition shaders are missing from its resources (MovieKit_MovieKitScene.resources); "
                    + "reinstall MovieKit so that the resource bundle sits beside the program.")
            return []
        }
        return urls.filter { $0.pathExtension == "glsl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .compactMap { url in
                guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                    return nil
                }
                return (url.deletingPathExtension().lastPathComponent, text)
            }
    }
}

/// A catalog is a reading option: set on a ``ContentRegistry`` (``ContentRegistry/setting(_:)``), it is
/// where slideshow manifests and editly specs read with that registry look transition names up.
extension TransitionCatalog: ContentOption {}

/// Reads the deprecated ``TransitionCatalog/current`` for registries that carry no catalog, without
/// a deprecation warning in the readers: through a requirement whose witness is itself deprecated.
private protocol ScopedCatalog {
    static var scoped: TransitionCatalog { get }
}

extension TransitionCatalog: ScopedCatalog {
    @available(*, deprecated)
    fileprivate static var scoped: TransitionCatalog { current }
}

extension ContentRegistry {
    /// The transitions slideshow manifests and editly specs read with this registry name: the
    /// ``TransitionCatalog`` set on it (``setting(_:)``), else ``TransitionCatalog/builtIn`` (or the
    /// catalog a caller set for its task with the deprecated `TransitionCatalog.$current`).
    public var transitions: TransitionCatalog {
        func scoped<Catalog: ScopedCatalog>(_: Catalog.Type) -> TransitionCatalog { Catalog.scoped }
        return option(TransitionCatalog.self) ?? scoped(TransitionCatalog.self)
    }
}

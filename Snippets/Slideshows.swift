// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets/slideshow")
try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
// Stand-ins for photos: three generated pictures.
let photos = try (1...3).map { n in
    let url = folder.appendingPathComponent("photos/photo-\(n).png")
    try Image(size: CGSize(width: 800, height: 600)) { context in
        context.setFillColor(Color(hue: Double(n) / 4, saturation: 0.6, brightness: 0.9))
        context.fill(context.bounds)
    }.write(to: url)
    return url
}
// snippet.show

// snippet.slideshow
var show = Slideshow(width: 1280, height: 720)
show.slides =
    [Slideshow.Slide(.title("Trip 2026"), duration: 2)]
    + photos.map { Slideshow.Slide(.photo($0), caption: $0.deletingPathExtension().lastPathComponent) }
show.kenBurns = true
show.transition = Slideshow.Transition(.dissolve, duration: 0.8)
try show.render(to: folder.appendingPathComponent("trip.mp4"), overwrite: true)
// snippet.end

// snippet.slides
var custom = Slideshow(width: 640, height: 352, fps: 25)
custom.fit = .cover
custom.slides = [
    Slideshow.Slide(
        .photo(photos[0]), duration: 4,
        kenBurns: Slideshow.KenBurns(
            from: Slideshow.Framing(zoom: 1.2),
            to: Slideshow.Framing(zoom: 1, center: CGPoint(x: 0.3, y: 0.5)))),
    Slideshow.Slide(.color(.black), duration: 1, transition: Slideshow.Transition(.radial, duration: 0.4)),
    Slideshow.Slide(.layers([Layer.text("The end", style: TextStyle(font: .system(size: 40), color: .white))]))
]
let timing = try custom.timing()
print(timing.frameCount)  // Σ slide frames − Σ transition frames
let scene = try custom.scene()  // a slideshow is a scene: render it, draw a still or a contact sheet
// snippet.end
_ = scene

// snippet.catalog
let catalog = TransitionCatalog.builtIn
custom.transition = catalog.transition(named: "crosswarp") ?? .cpu(.crossfade)  // a shader, by its gl-transitions name
custom.slides[0].transition = .cpu(.fadeBlack, duration: 0.8)  // a CPU effect
if let warp = ShaderTransition(named: "directionalwarp", parameters: ["direction": [1, 0]]) {
    custom.slides[1].transition = .shader(warp, duration: 0.6)
}
print(catalog.names().count, catalog.shaderNames.prefix(3))
// snippet.end

// snippet.manifest
let manifest = folder.appendingPathComponent("show.yaml")
try """
width: 640
height: 352
duration: 2
transition: {name: crossfade, duration: 0.5}
slides:
  - image: photos/photo-1.png
    caption: "Day one"
  - image: photos/photo-2.png
  - title: "${ending}"
""".write(to: manifest, atomically: true, encoding: .utf8)
let fromManifest = try SlideshowManifest.load(from: manifest, variables: ["ending": "The end"])
try fromManifest.render(to: folder.appendingPathComponent("show.mp4"), overwrite: true)
// snippet.end

// snippet.editly
let specURL = folder.appendingPathComponent("spec.json5")
try """
{
  width: 640, height: 352, fps: 30,
  defaults: { duration: 2, transition: { name: 'fade', duration: 0.5 } },
  clips: [
    { layers: [{ type: 'image', path: 'photos/photo-1.png', zoomDirection: 'in' }] },
    { layers: [{ type: 'title-background', text: 'Hello', background: { type: 'radial-gradient' } }] },
  ],
}
""".write(to: specURL, atomically: true, encoding: .utf8)
let spec = try EditlySpec(contentsOf: specURL)
try spec.slideshow.render(to: spec.outputURL ?? folder.appendingPathComponent("editly.mp4"), overwrite: true)
// snippet.end

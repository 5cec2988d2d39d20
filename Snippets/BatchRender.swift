// snippet.hide
import Foundation
import MovieKitBatch
import MovieKitCore
import MovieKitScene

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets/batch")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let templateURL = folder.appendingPathComponent("card.yaml")
try Data(
    """
    canvas: { width: 320, height: 176, fps: 25, duration: 1, background: "#203040" }
    layers:
      - type: text
        text: "Hello, ${name}"
        position: [160, 88]
    """.utf8
).write(to: templateURL)
let dataURL = folder.appendingPathComponent("people.csv")
try Data("id,name\nada,Ada\ngrace,Grace\n".utf8).write(to: dataURL)
// snippet.show

// snippet.batch
let template = try BatchTemplate(contentsOf: templateURL)
let data = try BatchData(contentsOf: dataURL)
let pattern = try OutputPattern("out/{id}.mp4", relativeTo: folder)
let images = DecodedImages()  // a logo every row shows is decoded once
for row in data.rows {
    let output = try pattern.output(for: row, dataPath: dataURL.path)
    let document = try template.document(for: row, dataPath: dataURL.path)
    try FileManager.default.createDirectory(
        at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    try SceneRenderer(scene: document.scene, images: images).render(to: output, overwrite: true)
}
// snippet.end

import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Beanconqueror's bean `roast` (the app's roast degree) read as the roast level, on the real files: the uploads
/// that name `AMERICAN_ROAST` (medium by the roast level's synonyms) and the 2020 backup whose 12 beans all say
/// `UNKNOWN`.
@Suite(.cleansScratch) struct BeanconquerorRoastLevelTests {
    static var folder: URL? { Repo.peerData?.appendingPathComponent("beanconqueror") }

    /// The `roast` of every bean of a peer file, read with Foundation alone.
    func rawRoasts(_ name: String) throws -> [String] {
        let data = try Data(contentsOf: Self.folder!.appendingPathComponent(name))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        if let bean = root["bean"] as? [String: Any] { return [bean["roast"] as? String ?? ""] }
        return (root["BEANS"] as? [[String: Any]] ?? []).map { $0["roast"] as? String ?? "" }
    }

    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data"))
    func americanRoastIsMedium() throws {
        for name in ["visualizer-upload/beanconqueror_real.json", "visualizer-upload/beanconqueror_temperature.json"] {
            #expect(try rawRoasts(name) == ["AMERICAN_ROAST"], "\(name)")
            let journal = try importChecked(Self.folder!.appendingPathComponent(name)).journal
            #expect(journal.beans.map(\.roastLevel) == [.medium], "\(name)")
        }
    }

    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data"))
    func unknownRoastIsNone() throws {
        let roasts = try rawRoasts("Beanconqueror_old.json")
        #expect(roasts.count == 12 && roasts.allSatisfy { $0 == "UNKNOWN" })
        let journal = try importChecked(Self.folder!.appendingPathComponent("Beanconqueror_old.json")).journal
        #expect(journal.beans.count == 12 && journal.beans.allSatisfy { $0.roastLevel == nil })
    }
}

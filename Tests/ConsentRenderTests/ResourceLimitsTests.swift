import Foundation
import Testing
@testable import ConsentRender

/// Issue 34 point 11: the limits read, and runs sized to them or refused before they start.
@Suite struct ResourceLimitsTests {
    private func limits(addressMB: Int? = nil, groupMB: Int? = nil, openFiles: Int = 1024) -> ResourceLimits {
        ResourceLimits(addressSpace: addressMB.map { $0 << 20 }, groupMemory: groupMB.map { $0 << 20 },
                       groupMemoryFile: groupMB == nil ? nil : "/sys/fs/cgroup/ci/memory.max", openFiles: openFiles)
    }

    private let iPhone = (width: 1179, height: 2556)
    private let iPad = (width: 2064, height: 2752)

    @Test func theLowestControlGroupLimitOnThePathIsKept() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let leaf = root.appendingPathComponent("ci.slice/job-7")
        try FileManager.default.createDirectory(at: leaf, withIntermediateDirectories: true)
        try "max\n".write(to: leaf.appendingPathComponent("memory.max"), atomically: true, encoding: .utf8)
        try "536870912\n".write(to: root.appendingPathComponent("ci.slice/memory.max"), atomically: true, encoding: .utf8)
        try "max\n".write(to: root.appendingPathComponent("memory.max"), atomically: true, encoding: .utf8)
        let cgroup = root.appendingPathComponent("cgroup")
        try "0::/ci.slice/job-7\n".write(to: cgroup, atomically: true, encoding: .utf8)
        let found = try #require(ResourceLimits.groupMemoryLimit(cgroupFile: cgroup.path, mount: root.path))
        #expect(found.bytes == 512 << 20)
        #expect(found.file.hasSuffix("ci.slice/memory.max"))
        // No limit anywhere: none.
        try "max\n".write(to: root.appendingPathComponent("ci.slice/memory.max"), atomically: true, encoding: .utf8)
        #expect(ResourceLimits.groupMemoryLimit(cgroupFile: cgroup.path, mount: root.path) == nil)
        // cgroup v1: "no limit" is a huge number.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("memory/job"), withIntermediateDirectories: true)
        try "9223372036854771712\n".write(to: root.appendingPathComponent("memory/job/memory.limit_in_bytes"), atomically: true,
                                          encoding: .utf8)
        try "4:memory:/job\n".write(to: cgroup, atomically: true, encoding: .utf8)
        #expect(ResourceLimits.groupMemoryLimit(cgroupFile: cgroup.path, mount: root.path) == nil)
        try "300000000\n".write(to: root.appendingPathComponent("memory/job/memory.limit_in_bytes"), atomically: true, encoding: .utf8)
        #expect(ResourceLimits.groupMemoryLimit(cgroupFile: cgroup.path, mount: root.path)?.bytes == 300_000_000)
    }

    @Test func theNeedGrowsWithScreensScriptsAndJobs() {
        let latin = MemoryNeed(screens: [iPhone], languages: ["en", "fr"])
        let chinese = MemoryNeed(screens: [iPhone], languages: ["en", "zh-Hans"])
        let threeSets = MemoryNeed(screens: [iPhone], languages: ["zh-Hans", "zh-Hant", "ja"])
        let tablet = MemoryNeed(screens: [iPhone, iPad], languages: ["en"])
        #expect(!latin.cjk && chinese.cjk && threeSets.cjkSets == 3)
        #expect(latin.addressSpaceMB(renderers: 1) < tablet.addressSpaceMB(renderers: 1))
        #expect(latin.addressSpaceMB(renderers: 1) + 100 < chinese.addressSpaceMB(renderers: 1))
        #expect(chinese.addressSpaceMB(renderers: 1) < threeSets.addressSpaceMB(renderers: 1))
        #expect(chinese.addressSpaceMB(renderers: 2) > 2 * (chinese.addressSpaceMB(renderers: 1) - MemoryNeed.processAddressMB))
        let golden = MemoryNeed(screens: [iPad], languages: ["en"], extraScreens: 2)
        #expect(golden.addressSpaceMB(renderers: 1) > MemoryNeed(screens: [iPad], languages: ["en"]).addressSpaceMB(renderers: 1) + 40)
    }

    @Test func jobsLeftToChooseAreLoweredToFitWithANote() throws {
        let need = MemoryNeed(screens: [iPhone], languages: ["zh-Hans"])
        var notes: [String] = []
        // ulimit -v 300000 (292 MB): one Chinese renderer fits, two do not.
        let jobs = try need.jobs(requested: nil, preferred: 2, limits: limits(addressMB: 292)) { notes.append($0) }
        #expect(jobs == 1)
        #expect(notes.count == 1 && notes[0].contains("running 1 job, not 2") && notes[0].contains("ulimit -v"))
        // No limit: as many as preferred, nothing said.
        notes = []
        #expect(try need.jobs(requested: nil, preferred: 2, limits: limits()) { notes.append($0) } == 2)
        #expect(notes.isEmpty)
        // Worker processes each have their own address space: two fit where two threads do not.
        #expect(try need.jobs(requested: 2, preferred: 2, as: .processes, limits: limits(addressMB: 292)) == 2)
    }

    @Test func jobsAskedForThatCannotFitAreRefusedWithTheFigures() throws {
        let need = MemoryNeed(screens: [iPhone], languages: ["zh-Hans"])
        do {
            _ = try need.jobs(requested: 2, preferred: 2, limits: limits(addressMB: 292))
            Issue.record("two Chinese renderers in 292 MB were accepted")
        } catch let error as ResourceError {
            #expect(error == .notEnoughMemory(needMB: need.addressSpaceMB(renderers: 2), limit: "the address-space limit, ulimit -v, is 292 MB",
                                              jobs: 2, fewerJobs: 1))
            #expect(error.description.contains("lower --jobs to 1 or raise the limit"))
            #expect(ErrorCause(of: error) == .environment)
        }
        // Not even one: said so, with what would help.
        #expect {
            _ = try need.jobs(requested: nil, preferred: 2, limits: limits(addressMB: 150))
        } throws: { error in
            guard case let .notEnoughMemory(needMB, _, jobs, fewer) = error as? ResourceError else { return false }
            return needMB == need.addressSpaceMB(renderers: 1) && jobs == 1 && fewer == nil
                && "\(error)".contains("raise the limit")
        }
        // A control group's memory.max counts every worker process's resident memory.
        #expect(throws: ResourceError.self) {
            _ = try need.jobs(requested: 8, preferred: 8, as: .processes, limits: limits(groupMB: 300))
        }
    }

    @Test func openFilesBelowTheNeedAreRefused() throws {
        #expect(throws: ResourceError.notEnoughOpenFiles(needed: 15, limit: 12)) {
            try OpenFilesNeed.check(OpenFilesNeed.process + 2 * OpenFilesNeed.perWorker, limits: limits(openFiles: 12))
        }
        try OpenFilesNeed.check(15, limits: limits(openFiles: 16))
        #expect(OpenFilesNeed.workers(fitting: 4, limits: limits(openFiles: 16)) == 2)
        #expect(OpenFilesNeed.workers(fitting: 4, limits: limits(openFiles: 8)) == 0)
    }
}

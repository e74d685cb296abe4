@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension DocumentFiles {
    /// Files read as the command line reads them: `.json` through the core's JSON reader, any
    /// other through libyaml. A test target runs a policy's scenarios with it:
    ///
    /// ```swift
    /// let result = try ScenarioRunner.files(.yaml).run(path: "policies/app.scenario.yaml")
    /// #expect(result.passed, "\(result.failures)")
    /// ```
    public static let yaml = DocumentFiles(parse: { bytes, file throws(DiagnosticError) in
        try YAMLLoader().loadDocument(bytes, file: file)
    })
}

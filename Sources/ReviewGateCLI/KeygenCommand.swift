import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote

/// `reviewgate keygen NAME`: a key pair for signed policy updates (Semantics §9).
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen", _superCommandName: "reviewgate",
        abstract: "Write an Ed25519 key pair for signing policy updates: NAME.key (private) and NAME.pub (public).",
        discussion: """
            NAME.pub holds the public key, one line ed25519:BASE64: put it in the app \
            (UpdatePublicKey) and give it to reviewgate verify --key. It is not a secret.
            NAME.key holds the private key, which signs updates (reviewgate compile --sign). Anyone \
            who has it can change what every app asks: never commit it. Store it as a CI secret or in a \
            password manager, then delete the file. It is written readable by you alone, and an \
            existing file is never overwritten.
            Exit codes: 0 written, 2 a file exists or cannot be written.

            Examples:
              reviewgate keygen review-2026
              gh secret set REVIEWGATE_SIGNING_KEY < review-2026.key && rm review-2026.key
            """
    )

    @Argument(help: ArgumentHelp("The files' name, without .key or .pub (a path is fine).", valueName: "name"))
    var name: String

    func run() throws {
        let privatePath = name + ".key"
        let publicPath = name + ".pub"
        for path in [privatePath, publicPath] {
            // As `FileManager.fileExists` said it: what a link leads to (a dangling link is refused
            // when the file is created).
            guard case .failure = SystemCalls.kind(of: path) else {
                throw InputFile.usageError("\(path) exists; keygen never overwrites a key (choose another name)")
            }
        }
        let key = UpdateSigningKey()
        let publicKey = key.publicKey
        let privateText = """
            # ReviewGate signing key \(publicKey.id) (Ed25519, private). Never commit it: keep it in a CI secret
            # or a password manager. It signs policy updates: reviewgate compile --sign FILE.
            \(key.text)

            """
        let publicText = """
            # ReviewGate public key \(publicKey.id) (Ed25519). Put it in the app (UpdatePublicKey) and give it
            # to reviewgate verify --key. It is not a secret.
            \(publicKey)

            """
        // The private key is readable by its owner alone from the instant it exists, and a file
        // made in the meantime is never overwritten.
        do {
            try NewFile.create(privateText, at: privatePath, mode: 0o600)
        } catch {
            throw InputFile.usageError("\(privatePath) \(error.message); no key written")
        }
        do {
            try NewFile.create(publicText, at: publicPath, mode: 0o644)
        } catch {
            SystemCalls.remove(privatePath)
            throw InputFile.usageError("\(publicPath) \(error.message); no key written")
        }
        Terminal.print(
            """
            key \(publicKey.id)
              \(publicPath)  public: put it in the app and give it to reviewgate verify --key
              \(privatePath)  private: store it as a CI secret, then delete this file; never commit it
            \(publicKey)
            """)
    }
}

#if canImport(Security)
  import Foundation
  import Security

  /// A storage that keeps the credential in the Keychain as a generic password item.
  ///
  /// Apps and extensions that share a Keychain access group share the credential; see the article
  /// "Refreshing tokens without losing sessions" for why only one process should refresh at a time.
  public final class KeychainCredentialStorage: CredentialStorage {
    /// The item's service attribute.
    public let service: String
    /// The item's account attribute.
    public let account: String
    /// The Keychain access group, or `nil` for the app's default group.
    public let accessGroup: String?
    private let accessibleAfterFirstUnlock: Bool

    /// Creates a storage for the item identified by `service` and `account`.
    ///
    /// - Parameters:
    ///   - service: The service attribute, such as your bundle identifier.
    ///   - account: The account attribute; `"default"` unless you keep several sessions.
    ///   - accessGroup: A shared access group, if the credential is shared with extensions.
    ///   - accessibleAfterFirstUnlock: Whether background refreshes may read the item after the
    ///     first unlock (`true`, the default) or only while the device is unlocked.
    public init(
      service: String, account: String = "default", accessGroup: String? = nil,
      accessibleAfterFirstUnlock: Bool = true
    ) {
      self.service = service
      self.account = account
      self.accessGroup = accessGroup
      self.accessibleAfterFirstUnlock = accessibleAfterFirstUnlock
    }

    private var baseQuery: [String: Any] {
      var query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: account,
      ]
      if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
      return query
    }

    /// Reads the item; `nil` when there is none.
    public func load() throws(CredentialStorageError) -> Credential? {
      var query = baseQuery
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound { return nil }
      guard status == errSecSuccess else { throw .keychain(operation: "read the credential", status: status) }
      guard let data = result as? Data else { throw .decodingFailed("the Keychain item holds no data") }
      return try Credential(storageData: data)
    }

    /// Adds or updates the item.
    public func save(_ credential: Credential) throws(CredentialStorageError) {
      let data = try credential.storageData()
      let attributes: [String: Any] = [
        kSecValueData as String: data,
        kSecAttrAccessible as String: accessibleAfterFirstUnlock
          ? kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly : kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
      ]
      let status = SecItemUpdate(baseQuery as CFDictionary, attributes as CFDictionary)
      if status == errSecSuccess { return }
      guard status == errSecItemNotFound else { throw .keychain(operation: "update the credential", status: status) }
      var item = baseQuery
      item.merge(attributes) { _, new in new }
      let addStatus = SecItemAdd(item as CFDictionary, nil)
      guard addStatus == errSecSuccess else { throw .keychain(operation: "add the credential", status: addStatus) }
    }

    /// Deletes the item; a missing item is not an error.
    public func clear() throws(CredentialStorageError) {
      let status = SecItemDelete(baseQuery as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw .keychain(operation: "delete the credential", status: status)
      }
    }
  }
#endif

#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension UISearchBar: HasDelegate {
    /// The delegate protocol of a search bar.
    public typealias Delegate = UISearchBarDelegate
  }

  /// The delegate proxy of a search bar: RxCocoa's `RxSearchBarDelegateProxy`.
  open class RxSearchBarDelegateProxy: DelegateProxy<UISearchBar, UISearchBarDelegate>, DelegateProxyType,
    UISearchBarDelegate
  {
    /// The search bar this proxy is the delegate of.
    public private(set) weak var searchBar: UISearchBar?

    let textDidChange = DelegateMethod<Void>()
    let textDidBeginEditing = DelegateMethod<Void>()
    let textDidEndEditing = DelegateMethod<Void>()
    let selectedScopeButtonIndexDidChange = DelegateMethod<Void>()
    let searchButtonClicked = DelegateMethod<Void>()
    let cancelButtonClicked = DelegateMethod<Void>()
    let bookmarkButtonClicked = DelegateMethod<Void>()
    let resultsListButtonClicked = DelegateMethod<Void>()

    /// The proxy of `searchBar`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(searchBar: ParentObject) {
      self.searchBar = searchBar
      super.init(parentObject: searchBar, delegateProxy: RxSearchBarDelegateProxy.self)
    }

    /// Registers the proxy of search bars.
    public static func registerKnownImplementations() {
      register { RxSearchBarDelegateProxy(searchBar: $0) }
    }

    /// Forwards, then sends to `text`.
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
      forwardToDelegate()?.searchBar?(searchBar, textDidChange: searchText)
      textDidChange.send(())
    }

    /// Forwards, then sends to `textDidBeginEditing`.
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarTextDidBeginEditing?(searchBar)
      textDidBeginEditing.send(())
    }

    /// Forwards, then sends to `textDidEndEditing` and `text`.
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarTextDidEndEditing?(searchBar)
      textDidEndEditing.send(())
    }

    /// Forwards, then sends to `selectedScopeButtonIndex`.
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
      forwardToDelegate()?.searchBar?(searchBar, selectedScopeButtonIndexDidChange: selectedScope)
      selectedScopeButtonIndexDidChange.send(())
    }

    /// Forwards, then sends to `searchButtonClicked`.
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarSearchButtonClicked?(searchBar)
      searchButtonClicked.send(())
    }

    /// Forwards, then sends to `cancelButtonClicked`.
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarCancelButtonClicked?(searchBar)
      cancelButtonClicked.send(())
    }

    /// Forwards, then sends to `bookmarkButtonClicked`.
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarBookmarkButtonClicked?(searchBar)
      bookmarkButtonClicked.send(())
    }

    /// Forwards, then sends to `resultsListButtonClicked`.
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {
      forwardToDelegate()?.searchBarResultsListButtonClicked?(searchBar)
      resultsListButtonClicked.send(())
    }
  }
#endif

/// Minimal declarations of the Mojo bindings, `base` callback and `content` registration headers that a patch and
/// its drafts include, for
/// type-checking them in a tree that lacks those headers (an embedder whose Chromium is a separate checkout). Each
/// header declares only its own templates and includes its siblings by their real paths, so that wherever the tree
/// does hold one of them, the real header is the one read: a stand-in never redefines what the tree declares.
enum MojoStandIns {
    static func headers(api: MojoAPI) -> [String: String] {
        var headers = ["mojo/public/cpp/bindings/struct_ptr.h": header(includes: ["<cstddef>"], """
            template <typename S>
            class StructPtr {
             public:
              StructPtr();
              StructPtr(std::nullptr_t);
              StructPtr(StructPtr&&);
              StructPtr& operator=(StructPtr&&);
              S* get() const;
              S* operator->() const;
              S& operator*() const;
              bool is_null() const;
              explicit operator bool() const;
              StructPtr Clone() const;
            };
            """), "mojo/public/cpp/bindings/type_converter.h": header(includes: ["<vector>"], """
            template <typename T, typename U>
            struct TypeConverter;

            template <typename T, typename U>
            inline T ConvertTo(const U& obj) {
              return TypeConverter<T, U>::Convert(obj);
            }

            template <typename T, typename U>
            struct TypeConverter<std::vector<T>, std::vector<U>> {
              static std::vector<T> Convert(const std::vector<U>& input);
            };
            """)]
        // A message filter converted in place derives from it (migration guide 2.5.1). Its constructor takes any
        // filter and implementation: the filter's own base is in a header such a tree lacks too, which leaves clang
        // unable to convert `this` to it.
        headers["content/public/browser/browser_associated_interface.h"] = header(namespace: "content", includes: [], """
            template <typename Interface>
            class BrowserAssociatedInterface {
             public:
              template <typename Filter, typename Implementation>
              BrowserAssociatedInterface(Filter* filter, Implementation* implementation);
            };
            """)
        // A WebContents observer binding its frames' receivers (2.5.2): the set of either API, made with the
        // WebContents and the implementation, which the class is.
        for (file, set) in [("web_contents_binding_set.h", "WebContentsFrameBindingSet"), ("web_contents_receiver_set.h", "WebContentsFrameReceiverSet")] {
            headers["content/public/browser/" + file] = header(namespace: "content", includes: [], """
                class RenderFrameHost;
                class WebContents;

                template <typename Interface>
                class \(set) {
                 public:
                  template <typename Implementation>
                  \(set)(WebContents* web_contents, Implementation* implementation);
                  RenderFrameHost* GetCurrentTargetFrame();
                };
                """)
        }
        switch api {
        case .current:
            for associated in [false, true] {
                let prefix = associated ? "Associated" : ""
                let file = associated ? "associated_" : ""
                headers["mojo/public/cpp/bindings/pending_\(file)receiver.h"] = pipeEnd("Pending\(prefix)Receiver", includes: [])
                headers["mojo/public/cpp/bindings/pending_\(file)remote.h"] = pipeEnd("Pending\(prefix)Remote", includes: [])
                headers["mojo/public/cpp/bindings/\(file)remote.h"] = header(includes: [api.pendingReceiverHeader(associated: associated), "mojo/public/cpp/bindings/pending_\(file)remote.h"], """
                    template <typename Interface>
                    class \(prefix)Remote {
                     public:
                      \(prefix)Remote();
                      explicit \(prefix)Remote(Pending\(prefix)Remote<Interface> remote);
                      Interface* get() const;
                      Interface* operator->() const;
                      Interface& operator*() const;
                      explicit operator bool() const;
                      bool is_bound() const;
                      bool is_connected() const;
                      void reset();
                      void Bind(Pending\(prefix)Remote<Interface> remote);
                      Pending\(prefix)Remote<Interface> Unbind();
                      Pending\(prefix)Receiver<Interface> \(associated ? "BindNewEndpointAndPassReceiver" : "BindNewPipeAndPassReceiver")();
                      template <typename Handler> void set_disconnect_handler(Handler handler);
                      void FlushForTesting();
                    };
                    """)
                headers["mojo/public/cpp/bindings/\(file)receiver.h"] = header(includes: [api.pendingReceiverHeader(associated: associated), "mojo/public/cpp/bindings/pending_\(file)remote.h"], """
                    template <typename Interface>
                    class \(prefix)Receiver {
                     public:
                      explicit \(prefix)Receiver(Interface* implementation);
                      \(prefix)Receiver(Interface* implementation, Pending\(prefix)Receiver<Interface> receiver);
                      void Bind(Pending\(prefix)Receiver<Interface> receiver);
                      Pending\(prefix)Remote<Interface> \(associated ? "BindNewEndpointAndPassRemote" : "BindNewPipeAndPassRemote")();
                      bool is_bound() const;
                      void reset();
                      template <typename Handler> void set_disconnect_handler(Handler handler);
                    };
                    """)
                headers[api.selfOwnedHeader(associated: associated)] = header(includes: ["<memory>", api.pendingReceiverHeader(associated: associated)], """
                    template <typename Interface, typename Implementation>
                    void \(api.selfOwned(associated: associated).dropFirst("mojo::".count))(std::unique_ptr<Implementation> implementation, Pending\(prefix)Receiver<Interface> receiver);
                    """)
            }
        case .legacy:
            for associated in [false, true] {
                let prefix = associated ? "Associated" : ""
                let file = associated ? "associated_" : ""
                headers["mojo/public/cpp/bindings/\(file)interface_ptr.h"] = header(includes: [], """
                    template <typename Interface>
                    class \(prefix)InterfacePtr {
                     public:
                      \(prefix)InterfacePtr();
                      \(prefix)InterfacePtr(\(prefix)InterfacePtr&&);
                      \(prefix)InterfacePtr& operator=(\(prefix)InterfacePtr&&);
                      Interface* get() const;
                      Interface* operator->() const;
                      Interface& operator*() const;
                      explicit operator bool() const;
                      bool is_bound() const;
                      bool encountered_error() const;
                      void reset();
                      template <typename Handler> void set_connection_error_handler(const Handler& handler);
                    };
                    """)
                headers["mojo/public/cpp/bindings/\(file)interface_request.h"] = header(includes: ["mojo/public/cpp/bindings/\(file)interface_ptr.h"], """
                    template <typename Interface>
                    class \(prefix)InterfaceRequest {
                     public:
                      \(prefix)InterfaceRequest();
                      \(prefix)InterfaceRequest(\(prefix)InterfaceRequest&&);
                      \(prefix)InterfaceRequest& operator=(\(prefix)InterfaceRequest&&);
                      bool is_pending() const;
                    };
                    template <typename Interface>
                    \(prefix)InterfaceRequest<Interface> MakeRequest(\(prefix)InterfacePtr<Interface>* pointer);
                    """)
                headers["mojo/public/cpp/bindings/\(file)binding.h"] = header(includes: ["mojo/public/cpp/bindings/\(file)interface_request.h"], """
                    template <typename Interface>
                    class \(prefix)Binding {
                     public:
                      explicit \(prefix)Binding(Interface* implementation);
                      \(prefix)Binding(Interface* implementation, \(prefix)InterfaceRequest<Interface> request);
                      void Bind(\(prefix)InterfaceRequest<Interface> request);
                      void Close();
                      bool is_bound() const;
                      template <typename Handler> void set_connection_error_handler(const Handler& handler);
                    };
                    """)
                headers[api.selfOwnedHeader(associated: associated)] = header(includes: ["<memory>", "mojo/public/cpp/bindings/\(file)interface_request.h"], """
                    template <typename Interface, typename Implementation>
                    void \(api.selfOwned(associated: associated).dropFirst("mojo::".count))(std::unique_ptr<Implementation> implementation, \(prefix)InterfaceRequest<Interface> request);
                    """)
            }
        }
        return headers
    }

    /// `base::OnceCallback`, `base::RepeatingCallback` and the older `base::Callback`, callable as the bindings
    /// call them.
    static let callback = """
        // A stand-in declared by mojify migrate to type-check its patch: the tree has no such header.
        #pragma once
        namespace base {
        template <typename Signature> class OnceCallback;
        template <typename Result, typename... Arguments>
        class OnceCallback<Result(Arguments...)> {
         public:
          OnceCallback();
          OnceCallback(OnceCallback&&);
          OnceCallback& operator=(OnceCallback&&);
          Result Run(Arguments... arguments) &&;
          bool is_null() const;
          explicit operator bool() const;
        };
        template <typename Signature> class RepeatingCallback;
        template <typename Result, typename... Arguments>
        class RepeatingCallback<Result(Arguments...)> {
         public:
          RepeatingCallback();
          Result Run(Arguments... arguments) const;
          bool is_null() const;
          explicit operator bool() const;
        };
        template <typename Signature> using Callback = RepeatingCallback<Signature>;
        }  // namespace base

        """

    /// One end of a pipe not yet bound: movable, testable.
    private static func pipeEnd(_ name: String, includes: [String]) -> String {
        header(includes: includes, """
            template <typename Interface>
            class \(name) {
             public:
              \(name)();
              \(name)(\(name)&&);
              \(name)& operator=(\(name)&&);
              bool is_valid() const;
              explicit operator bool() const;
            };
            """)
    }

    private static func header(namespace: String = "mojo", includes: [String], _ body: String) -> String {
        let includeLines = includes.map { $0.hasPrefix("<") ? "#include \($0)" : "#include \"\($0)\"" }
        return (["// A stand-in declared by mojify migrate to type-check its patch: the tree has no such header.", "#pragma once"]
            + includeLines + ["namespace \(namespace) {", body, "}  // namespace \(namespace)", ""]).joined(separator: "\n")
    }
}

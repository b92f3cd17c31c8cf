# sitecustomize.py here is for a Streamlit server's interpreter, not a module to collect.
collect_ignore = ["sitecustomize.py"]

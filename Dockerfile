# Capicú for a school's server: the app (`capicu serve`) or its solver workers
# (`capicu worker`) from one image. compose.yaml runs two app servers, the workers and
# PostgreSQL; docs/deploy.md, "Containers".
#   podman build -t localhost/capicu .      (or: docker build -t localhost/capicu .)

FROM docker.io/library/python:3.11-slim-bookworm AS build
WORKDIR /src
COPY . .
# The project and every dependency as wheels (the postgres extra: the psycopg driver)
RUN python -m pip wheel --no-cache-dir --wheel-dir /wheels ".[postgres]"

FROM docker.io/library/python:3.11-slim-bookworm
COPY --from=build /wheels /wheels
RUN python -m pip install --no-cache-dir --no-index --find-links /wheels "capicu[postgres]" \
    && rm -rf /wheels \
    && python -c "from strategy.solver import warm; warm()" \
    && useradd --create-home --uid 10001 capicu
# (the solver's compiled core is cached beside the installed code, once, at build time)
USER capicu
WORKDIR /home/capicu
ENV PYTHONUNBUFFERED=1
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4)"]
# Listens on every address of the container; the port is published by the host (compose.yaml).
CMD ["capicu", "serve", "--server.address", "0.0.0.0", "--server.port", "8501"]

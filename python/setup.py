# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Build of the Python package gjk: one C extension over numpy's C API, compiled from the repository's single
header (../single/gjk.h, the whole library) and its threads helper (../src/threads/parallel.c). Needs a C compiler,
Python's headers and numpy (Debian: python3-dev, python3-numpy, python3-setuptools); nothing from a package index.

    python3 -m pip install --no-build-isolation ./python      # from the repository root
    python3 setup.py build_ext --inplace                      # here, for development
"""
import os

import numpy
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rel(*parts):
    # setuptools wants source paths relative to setup.py's directory
    return os.path.relpath(os.path.join(ROOT, *parts), HERE)


extension = Extension(
    "gjk._gjk",
    sources=["gjk/_gjk.c", rel("src", "threads", "parallel.c")],
    depends=["gjk/_world.c", "gjk/_compound.c"],  # included by _gjk.c
    include_dirs=[os.path.join(ROOT, "single"), os.path.join(ROOT, "include"), numpy.get_include()],
    # the same arithmetic as the CMake build: no contraction into fused multiply-adds, so that answers equal the C
    # library's bit for bit
    # hidden visibility: the library's functions stay inside the extension (no clash with a libgjk loaded by the
    # same process) and the compiler may inline across them
    extra_compile_args=["-std=c11", "-O2", "-ffp-contract=off", "-fno-strict-aliasing", "-fvisibility=hidden"],
    extra_link_args=["-pthread"],
)

setup(
    name="gjk",
    version="0.1.0",
    description="Convex collision detection in 2D and 3D (GJK, EPA) over numpy",
    license="MIT",
    packages=["gjk"],
    package_data={"gjk": ["py.typed", "__init__.pyi"]},
    ext_modules=[extension],
    python_requires=">=3.9",
    install_requires=["numpy"],
)
